/**
 * The access check of every administrative write: the definition's write permission, and the rule
 * of src/domain/resourceRights.ts that only internal administrators write what every organisation
 * shares.
 */
import type { Context } from "hono";
import type { ResourceDefinition } from "../../src/domain/resource";
import { mayWriteShared, sharedRecordsRefused } from "../../src/domain/resourceRights";
import { requirePermission } from "../auth/guard";
import { adminCaller } from "../auth/organisationScope";
import type { AppDeps, AppEnv, AuthState } from "../context";
import { Problem } from "../http/problem";

export async function requireWriter(
  c: Context<AppEnv>,
  deps: AppDeps,
  def: ResourceDefinition,
): Promise<AuthState> {
  const auth = await requirePermission(c, deps, ...def.write);
  if (!mayWriteShared(def, adminCaller(auth.user)))
    throw new Problem(403, { detail: sharedRecordsRefused(def), code: "internal_only" });
  return auth;
}
