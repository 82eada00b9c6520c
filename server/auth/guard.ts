/** Request authentication (header or cookie) and the role checks routes use. */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppDeps, AppEnv, AuthState } from "../context";
import { Problem } from "../http/problem";
import { lookupSession } from "./sessions";
import { findUserById, userDetails } from "./users";

export const NO_CREDENTIALS = { detail: "Authentication credentials were not provided." } as const;
export const EXPIRED = { detail: "Session expired. Please login again." } as const;
export const FORBIDDEN = { detail: "You do not have permission to perform this action." } as const;

function tokenOf(c: Context): string | undefined {
  const header = c.req.header("authorization");
  const match = header ? /^sessionid\s+([A-Za-z0-9_-]{1,128})$/i.exec(header) : null;
  return match?.[1] ?? getCookie(c, "sessionid");
}

/** Resolves the caller; an invalid or expired token is remembered as such for requireUser. */
export function authenticate(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("auth", null);
    c.set("sessionExpired", false);
    const token = tokenOf(c);
    if (token) {
      const found = await lookupSession(deps.db, token, deps.clock());
      if (found.kind === "valid") {
        const user = await findUserById(deps.db, found.session.user_id);
        if (user?.is_active) c.set("auth", { user, sessionId: found.session.id });
      } else if (found.kind === "expired") {
        c.set("sessionExpired", true);
      }
    }
    await next();
  };
}

export function requireUser(c: Context<AppEnv>): AuthState {
  const auth = c.get("auth");
  if (!auth) throw new Problem(401, c.get("sessionExpired") ? EXPIRED : NO_CREDENTIALS);
  return auth;
}

/** 403 unless the caller holds one of the permissions (admin holds them all). */
export async function requirePermission(
  c: Context<AppEnv>,
  deps: AppDeps,
  ...anyOf: string[]
): Promise<AuthState> {
  const auth = requireUser(c);
  const { permissions } = await userDetails(deps.db, auth.user);
  if (!anyOf.some((p) => permissions.includes(p))) {
    throw new Problem(403, { ...FORBIDDEN });
  }
  return auth;
}

/**
 * 403 unless the caller is staff: holds some permission. Field auditors and retailers, who sign in
 * with a one-time code, hold none and reach only their own areas.
 */
export async function requireStaff(c: Context<AppEnv>, deps: AppDeps): Promise<AuthState> {
  const auth = requireUser(c);
  const { permissions } = await userDetails(deps.db, auth.user);
  if (permissions.length === 0) throw new Problem(403, { ...FORBIDDEN });
  return auth;
}
