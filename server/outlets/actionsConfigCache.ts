/** The actions configs (001 §6) derived from the workflow machines, once per workflow permission. */
import { actionsConfigFor } from "../../src/machines/outlets/outletWorkflowConfig";

const configs = new Map<string | null, ReturnType<typeof actionsConfigFor>>();

export function cachedActionsConfig(permission: string | null) {
  if (!configs.has(permission)) configs.set(permission, actionsConfigFor(permission));
  return configs.get(permission)!;
}
