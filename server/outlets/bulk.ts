/**
 * The bulk outlet action (spec 000 §3, §4.2, §7.3): all or nothing in one transaction. Every outlet
 * must be visible to the caller, unchanged since it was listed, and allow the action for the
 * caller's workflow permission in its state by the workflow machine, and wait for no retailer
 * request (001 §4.4); the action's extra fields must be right. Otherwise a 400 with field and value lines, and nothing is written.
 */

import type { BulkUpdateRequest, BulkUpdateResponse } from "../../src/domain/outlets/bulkUpdate";
import { extraDataErrors, type FieldErrorMap } from "../../src/domain/outlets/extraFields";
import { stateLabel } from "../../src/domain/outlets/outletStates";
import { PENDING_RETAILER_EDITS } from "../../src/domain/outlets/retailerRequests";
import {
  actionSpec,
  REASON_DESCRIPTION_FIELD,
  REASON_FIELD,
  transitionLogMessage,
} from "../../src/domain/outlets/workflowActions";
import { PAID_STATE } from "../../src/domain/payouts/payouts";
import { calendarDateAt } from "../../src/domain/shared/format";
import { addFieldError } from "../../src/domain/shared/requestInput";
import { type NextState, nextState } from "../../src/machines/outlets/outletWorkflowConfig";
import { autoAssign } from "../allocation/autoAssign";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import { insertMany } from "../db/insertMany";
import { Problem } from "../http/problem";
import { PaymentRefused, recordPayments } from "../payouts/payment";
import { blockedOutlets } from "../retailerRequests/gate";
import type { OutletViewer } from "./access";
import { chainOf } from "./chain";
import { statusGateRefusals } from "./statusGates";

type Locked = {
  id: number;
  rsid: string;
  workflow_state: string;
  version: number;
  type: string;
  organisation_id: number;
  last_by: string | null;
};

const add = addFieldError;

/** RSIDs grouped under one explanation, so 1000 outlets in one state give one line. */
function grouped(lines: Map<string, string[]>): string[] {
  return [...lines].map(([why, rsids]) => `${rsids.join(", ")}: ${why}`);
}

const ROUTE_PLAN_ACTION = "route_plan_client_confirmed";

/** The route plan's dates given with Confirm Route Plan are the workflow object's own (001 §3). */
async function keepRoutePlan(tx: Queryable, ids: number[], extra: Readonly<Record<string, string>>) {
  await tx.query(
    `UPDATE workflow_objects SET route_plan_start_date = coalesce($2::date, route_plan_start_date),
       route_plan_end_date = coalesce($3::date, route_plan_end_date) WHERE outlet_id = ANY($1::int[])`,
    [ids, extra.route_plan_start_date || null, extra.route_plan_end_date || null],
  );
}

export async function applyBulkAction(
  tx: Queryable,
  viewer: OutletViewer,
  request: BulkUpdateRequest,
  now: Date,
): Promise<BulkUpdateResponse> {
  const permission = viewer.user.considered_workflow_permission;
  const spec = actionSpec(request.action_type);
  if (!spec) throw new Problem(400, { action_type: [`"${request.action_type}" is not a valid action.`] });
  const internal = isInternal(viewer.user);
  // Rows are locked in id order, the one order every multi-outlet write uses, so two bulk actions
  // on overlapping sets take turns instead of deadlocking; the lines below list them by RSID.
  const outlets = (
    await tx.query<Locked>(
      `SELECT o.id, o.rsid, o.workflow_state, o.version, s.type, p.organisation_id,
              (SELECT u.name FROM outlet_logs l LEFT JOIN users u ON u.id = l.user_id
               WHERE l.outlet_id = o.id ORDER BY l.created DESC, l.id DESC LIMIT 1) AS last_by
       FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
       WHERE o.id = ANY($1::int[]) AND ($2::boolean OR p.organisation_id = $3)
       ORDER BY o.id
       FOR UPDATE OF o`,
      [request.object_ids, internal, viewer.user.organisation_id],
    )
  ).sort((a, b) => (a.rsid < b.rsid ? -1 : a.rsid > b.rsid ? 1 : 0));
  const errors: FieldErrorMap = {};
  const found = new Set(outlets.map((o) => o.id));
  const missing = request.object_ids.filter((id) => !found.has(id));
  if (missing.length) add(errors, "object_ids", `${missing.join(", ")}: not an outlet you can update.`);

  const changed = new Map<string, string[]>();
  // A pending retailer request blocks every save of its outlet, a status change too (001 §4.4).
  const blocked = await blockedOutlets(
    tx,
    outlets.map((o) => o.id),
  );
  // The Update Status gates (001 §4.5, docs/calling.md): a calling executive's calling tracker
  // reasons on every move, the saved answers on the move of one outlet (what the review screen's
  // Update Status sends) other than a payment record (§4.6, the payout row's own dialog).
  const gated = await statusGateRefusals(
    tx,
    permission,
    outlets.map((o) => o.id),
    { answers: request.object_ids.length === 1 && request.action_type !== PAID_STATE },
  );
  const waiting = new Map<string, string[]>();
  const refused = new Map<string, string[]>();
  const moves = new Map<string, NextState>();
  let target: string | null = null;
  for (const o of outlets) {
    const listed = request.object_versions[String(o.id)];
    if (listed !== undefined && listed !== o.version) {
      const why = `changed${o.last_by ? ` by ${o.last_by}` : ""} since the list was loaded (now ${stateLabel(o.workflow_state)}); refresh the list and try again.`;
      changed.set(why, [...(changed.get(why) ?? []), o.rsid]);
      continue;
    }
    if (blocked.has(o.id)) {
      waiting.set(PENDING_RETAILER_EDITS, [...(waiting.get(PENDING_RETAILER_EDITS) ?? []), o.rsid]);
      continue;
    }
    const held = gated.get(o.id);
    if (held) {
      waiting.set(held, [...(waiting.get(held) ?? []), o.rsid]);
      continue;
    }
    const key = `${o.type}/${o.workflow_state}`;
    if (!moves.has(key)) moves.set(key, nextState(o.type, o.workflow_state, request.action_type, permission));
    const move = moves.get(key)!;
    if (!move.ok) {
      const why = `${spec.display_name} is not allowed for you in ${stateLabel(o.workflow_state)}.`;
      refused.set(why, [...(refused.get(why) ?? []), o.rsid]);
    } else {
      target ??= move.to;
      if (move.meta.individual && request.object_ids.length > 1) {
        const why = `${spec.display_name} can only be taken for one outlet at a time.`;
        refused.set(why, [...(refused.get(why) ?? []), o.rsid]);
      }
    }
  }
  for (const line of grouped(changed)) add(errors, "object_ids", line);
  for (const line of grouped(waiting)) add(errors, "object_ids", line);
  for (const line of grouped(refused)) add(errors, "action_type", line);

  const extra = extraDataErrors(
    request.action_type,
    spec,
    target ?? "",
    request.extra_data,
    request.chain_rsids,
    calendarDateAt(now.getTime()),
  );
  for (const [key, lines] of Object.entries(extra)) for (const line of lines) add(errors, key, line);
  if (request.chain_rsids.length && !extra.chain_rsids) {
    const chain = new Set((await chainOf(tx, viewer, request.object_ids)).map((c) => c.rsid));
    for (const rsid of request.chain_rsids) {
      if (!chain.has(rsid)) add(errors, "chain_rsids", `${rsid}: not in the chain of the selected outlets.`);
    }
  }
  if (Object.keys(errors).length > 0 || target === null) throw new Problem(400, errors);

  const ids = outlets.map((o) => o.id);
  const n = outlets.length;
  const detail = `Updated ${n} outlet${n === 1 ? "" : "s"}.`;
  if (target === PAID_STATE) {
    // A payment is recorded by the one payment function, whichever screen it came from.
    const extra = request.extra_data;
    try {
      await recordPayments(
        tx,
        ids.map((outletId) => ({
          outletId,
          status: PAID_STATE,
          utr_number: extra.utr_number ?? null,
          amount: extra.amount ?? null,
          payment_date: extra.payment_date ?? calendarDateAt(now.getTime()),
          payment_remarks: extra.payment_remarks ?? null,
        })),
        { userId: viewer.user.id, name: viewer.user.name },
        "update_status",
        now,
      );
    } catch (e) {
      if (e instanceof PaymentRefused) throw new Problem(400, { object_ids: [...e.lines] });
      throw e;
    }
    return { detail, updated: n };
  }
  await tx.query(
    "UPDATE outlets SET workflow_state = $1, version = version + 1, modified = $2 WHERE id = ANY($3::int[])",
    [target, now, ids],
  );
  const reasons = request.extra_data[REASON_FIELD] ?? null;
  const description = request.extra_data[REASON_DESCRIPTION_FIELD] ?? null;
  const message = (from: string) =>
    transitionLogMessage(viewer.user.name, request.action_type, from, target as string);
  await insertMany(
    tx,
    "outlet_logs",
    [
      "outlet_id",
      "user_id",
      "action",
      "from_state",
      "to_state",
      "reasons",
      "description",
      "extra_data",
      "chain_rsids",
      "message",
      "created",
    ],
    outlets.map((o) => [
      o.id,
      viewer.user.id,
      request.action_type,
      o.workflow_state,
      target,
      reasons,
      description,
      JSON.stringify(request.extra_data),
      request.chain_rsids,
      message(o.workflow_state),
      now,
    ]),
  );
  if (request.action_type === ROUTE_PLAN_ACTION) await keepRoutePlan(tx, ids, request.extra_data);
  await autoAssign(tx, ids, now);
  return { detail, updated: n };
}
