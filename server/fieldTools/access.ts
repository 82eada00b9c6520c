/** Who may call the field tools: the permissions module's rule, checked on every call. */
import type { Context } from "hono";
import { mayUseFieldTools } from "../../src/domain/shared/permissions";
import { FORBIDDEN, requireUser } from "../auth/guard";
import { userDetails } from "../auth/users";
import type { AppDeps, AppEnv, AuthState } from "../context";
import { Problem } from "../http/problem";

/**
 * 401 signed out, 403 unless the caller may use the field tools. Only internal staff pass, and they
 * work for every organisation's projects (as they see every organisation's outlets), so no further
 * narrowing by organisation applies to what they read.
 */
export async function requireFieldTools(c: Context<AppEnv>, deps: AppDeps): Promise<AuthState> {
  const auth = requireUser(c);
  const details = await userDetails(deps.db, auth.user);
  if (!mayUseFieldTools(details.permissions, details.organisation.kind))
    throw new Problem(403, { ...FORBIDDEN });
  return auth;
}
