/**
 * The access checks of the administered resources: a read needs the definition's read permission,
 * a write its write permission; the internal organisation's resources refuse anyone else, and only
 * internal administrators write what every organisation shares (src/domain/admin/resourceRights.ts).
 */
import type { Context } from "hono";
import type { ResourceDefinition } from "../../src/domain/admin/resource";
import { mayReadResource, mayWriteShared, sharedRecordsRefused } from "../../src/domain/admin/resourceRights";
import { FORBIDDEN, requirePermission } from "../auth/guard";
import { adminCaller } from "../auth/organisationScope";
import type { AppDeps, AppEnv, AuthState } from "../context";
import { Problem } from "../http/problem";

export async function requireReader(
  c: Context<AppEnv>,
  deps: AppDeps,
  def: ResourceDefinition,
): Promise<AuthState> {
  const auth = await requirePermission(c, deps, ...def.read);
  if (!mayReadResource(def, adminCaller(auth.user))) throw new Problem(403, { ...FORBIDDEN });
  return auth;
}

export async function requireWriter(
  c: Context<AppEnv>,
  deps: AppDeps,
  def: ResourceDefinition,
): Promise<AuthState> {
  const auth = await requirePermission(c, deps, ...def.write);
  if (!mayReadResource(def, adminCaller(auth.user))) throw new Problem(403, { ...FORBIDDEN });
  if (!mayWriteShared(def, adminCaller(auth.user)))
    throw new Problem(403, { detail: sharedRecordsRefused(def), code: "internal_only" });
  return auth;
}
