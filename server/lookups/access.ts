/**
 * Who may call the multi-object lookup: a caller holding at least one grant of its objects; each
 * object asked for is then checked against its own grant (`LOOKUP_OBJECTS`).
 */
import type { Context } from "hono";
import type { Grant } from "../../src/domain/api/grants";
import { LOOKUP_OBJECTS, type LookupObject } from "../../src/domain/api/lookups";
import { mayReadOutlets, mayUseFieldTools } from "../../src/domain/shared/permissions";
import { FORBIDDEN, requireUser } from "../auth/guard";
import { userDetails } from "../auth/users";
import type { AppDeps, AppEnv } from "../context";
import { Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";

export type LookupCaller = OutletViewer & { granted: (object: LookupObject) => boolean };

export async function requireLookupCaller(c: Context<AppEnv>, deps: AppDeps): Promise<LookupCaller> {
  const auth = requireUser(c);
  const details = await userDetails(deps.db, auth.user);
  const holds: Partial<Record<Grant, boolean>> = {
    fieldTools: mayUseFieldTools(details.permissions, details.organisation.kind),
    outletsRead: mayReadOutlets(details.permissions),
  };
  if (!Object.values(holds).some(Boolean)) throw new Problem(403, { ...FORBIDDEN });
  return { ...auth, details, granted: (object) => holds[LOOKUP_OBJECTS[object]] === true };
}
