/** The fieldAuditor grant: the signed-in user's field auditor record; anyone else is refused. */
import type { Context } from "hono";
import { FORBIDDEN, requireUser } from "../auth/guard";
import type { AppDeps, AppEnv, AuthState } from "../context";
import { Problem } from "../http/problem";

export type FieldAuditor = AuthState & { auditorId: number };

/** 401 signed out; 403 for anyone who is not a field auditor, staff included. */
export async function requireFieldAuditor(c: Context<AppEnv>, deps: AppDeps): Promise<FieldAuditor> {
  const auth = requireUser(c);
  const [auditor] = await deps.db.query<{ id: number }>("SELECT id FROM field_auditors WHERE user_id = $1", [
    auth.user.id,
  ]);
  if (!auditor) throw new Problem(403, { ...FORBIDDEN });
  return { ...auth, auditorId: auditor.id };
}
