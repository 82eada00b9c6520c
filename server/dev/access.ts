/**
 * The devOutbox grant. Off in production. In demo mode the outbox holds every reset code, so it is
 * shown only to a browser on the server's own machine (a loopback connection that no proxy
 * forwarded) or to a signed-in admin.
 */
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { FORBIDDEN, requireUser } from "../auth/guard";
import { userDetails } from "../auth/users";
import type { AppDeps, AppEnv } from "../context";
import { Problem } from "../http/problem";

/** The role that may read the outbox from anywhere. */
export const OUTBOX_ROLE = "admin";
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/** A connection from this machine itself; a proxy on this machine says whom it forwards for. */
export function isDirectLoopback(c: Context<AppEnv>): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const address = incoming?.socket?.remoteAddress;
  return address !== undefined && LOOPBACK.has(address) && FORWARDING_HEADERS.every((h) => !c.req.header(h));
}

/** 404 in production; in demo mode this machine's browser, else 401 signed out and 403 but for an admin. */
export async function requireOutboxReader(c: Context<AppEnv>, deps: AppDeps): Promise<null> {
  if (deps.mode === "production") throw new Problem(404, { detail: "Not found." });
  if (isDirectLoopback(c)) return null;
  const { roles } = await userDetails(deps.db, requireUser(c).user);
  if (!roles.includes(OUTBOX_ROLE)) throw new Problem(403, { ...FORBIDDEN });
  return null;
}
