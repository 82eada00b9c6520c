/** QA's paths per machine, generated at build time (scripts/machine-paths-plugin.ts). */
declare module "virtual:machine-paths" {
  import type { MachinePaths } from "../../domain/machinesArea/replayPath";

  const loaders: Record<string, () => Promise<{ default: MachinePaths }>>;
  export default loaders;
}
