/** Who may read the WhatsApp delivery logs: the domain's rule, every call. */
import type { Context } from "hono";
import { mayReadMessageLogs } from "../../src/domain/shared/permissions";
import { FORBIDDEN, requireUser } from "../auth/guard";
import { userDetails } from "../auth/users";
import type { AppDeps, AppEnv, AuthState } from "../context";
import { Problem } from "../http/problem";

/** 401 signed out, 403 unless an internal calling or project manager (the messages' senders). */
export async function requireMessageReader(c: Context<AppEnv>, deps: AppDeps): Promise<AuthState> {
  const auth = requireUser(c);
  const details = await userDetails(deps.db, auth.user);
  if (!mayReadMessageLogs(details.permissions, details.organisation.kind))
    throw new Problem(403, { ...FORBIDDEN });
  return auth;
}
