/**
 * Moving a retailer's link to a new phone (docs/retailer-portal.md): staff who may reset it remove
 * the link's binding, so the next phone that opens the link binds it, and the outlet's log says who
 * did it. The outlet row is locked first, as the access check locks it before it binds, so a reset
 * and a first opening take turns.
 */
import type { Context } from "hono";
import {
  MOBILE_LINK_MSG,
  type MobileLinkResetAnswer,
  mayResetMobileLink,
} from "../../src/domain/mobile/mobileLinks";
import { FORBIDDEN } from "../auth/guard";
import type { AppDeps, AppEnv } from "../context";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
import { type OutletViewer, requireOutletViewer } from "../outlets/access";

/** The resetMobileLink grant: an outlet reader who may reset a link (403 before the body is read). */
export async function requireLinkResetter(c: Context<AppEnv>, deps: AppDeps): Promise<OutletViewer> {
  const viewer = await requireOutletViewer(c, deps);
  if (!mayResetMobileLink(viewer.details.permissions)) throw new Problem(403, { ...FORBIDDEN });
  return viewer;
}

/** When the outlet's link was bound to a phone, or null. */
export async function mobileLinkBoundAt(db: Queryable, outletId: number): Promise<string | null> {
  const [row] = await db.query<{ bound_at: Date }>(
    "SELECT bound_at FROM mobile_link_bindings WHERE outlet_id = $1",
    [outletId],
  );
  return row ? row.bound_at.toISOString() : null;
}

/**
 * Removes the binding the caller saw (`boundAt`). None left: already reset (a double click's second
 * request). Bound again since, to another phone: 409, so a page read before that resets nothing.
 */
export async function resetMobileLink(
  tx: Queryable,
  outletId: number,
  boundAt: number,
  by: { id: number; name: string },
  now: Date,
): Promise<MobileLinkResetAnswer> {
  const [outlet] = await tx.query<{ workflow_state: string }>(
    "SELECT workflow_state FROM outlets WHERE id = $1 FOR UPDATE",
    [outletId],
  );
  if (!outlet) throw new Problem(404, { detail: "Not found." });
  const [bound] = await tx.query<{ bound_at: Date }>(
    "SELECT bound_at FROM mobile_link_bindings WHERE outlet_id = $1",
    [outletId],
  );
  if (!bound) return { detail: MOBILE_LINK_MSG.alreadyReset, already_reset: true };
  if (bound.bound_at.getTime() !== boundAt) throw new Problem(409, { detail: MOBILE_LINK_MSG.boundSince });
  await tx.query("DELETE FROM mobile_link_bindings WHERE outlet_id = $1", [outletId]);
  await tx.query(
    `INSERT INTO outlet_logs (outlet_id, user_id, action, from_state, to_state, description, message, created)
     VALUES ($1, $2, 'mobile_link_reset', $3, $3, $4, $5, $6)`,
    [
      outletId,
      by.id,
      outlet.workflow_state,
      `Bound to a phone on ${bound.bound_at.toISOString()}; the next phone that opens the link binds it.`,
      `Mobile link reset by ${by.name}`,
      now,
    ],
  );
  return { detail: MOBILE_LINK_MSG.done, already_reset: false };
}
