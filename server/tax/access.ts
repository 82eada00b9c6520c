/** Who may read the tax figures and who may issue Form 16 statements: the domain's rules, every call. */
import type { Context } from "hono";
import { mayIssueForm16, mayReadTax } from "../../src/domain/shared/permissions";
import { FORBIDDEN, requireUser } from "../auth/guard";
import { userDetails } from "../auth/users";
import type { AppDeps, AppEnv, AuthState } from "../context";
import { Problem } from "../http/problem";

/**
 * 401 signed out, 403 unless of the payout team. Only internal staff pass; they pay every
 * organisation's retailers, so the figures are not narrowed by organisation.
 */
export async function requireTaxReader(c: Context<AppEnv>, deps: AppDeps): Promise<AuthState> {
  const auth = requireUser(c);
  const details = await userDetails(deps.db, auth.user);
  if (!mayReadTax(details.permissions, details.organisation.kind)) throw new Problem(403, { ...FORBIDDEN });
  return auth;
}

/** 401 signed out, 403 unless a manager of the payout team. */
export async function requireForm16Issuer(c: Context<AppEnv>, deps: AppDeps): Promise<AuthState> {
  const auth = requireUser(c);
  const details = await userDetails(deps.db, auth.user);
  if (!mayIssueForm16(details.permissions, details.organisation.kind))
    throw new Problem(403, { ...FORBIDDEN });
  return auth;
}
