/**
 * Plotting payouts (docs/payouts.md): the plotting upload's confirm writes each row's payout and
 * then calls `plotPayouts`, in the same transaction, which moves every outlet the workflow machine
 * lets the payout plotting role move to payouts_plotted, keeps the cycle and amount on its
 * workflow object and writes one log row each (whose project notification follows from the log).
 */

import { transitionLogMessage } from "../../src/domain/outlets/workflowActions";
import { PLOTTED_STATE } from "../../src/domain/payouts/payouts";
import { workflowPermission } from "../../src/domain/shared/permissions";
import { nextState } from "../../src/machines/outlets/outletWorkflowConfig";
import { autoAssign } from "../allocation/autoAssign";
import type { Queryable } from "../db/db";
import { insertMany } from "../db/insertMany";

/** The plotting upload acts as the payout plotting role: the machine decides what it may move. */
const PLOTTING_PERMISSION = workflowPermission("iftu-manager");

export type Plotted = {
  outletId: number;
  amount: string;
  client_payout_month: string;
  rs_payout_month: string;
};

/** Moves the plotted outlets that may move; gives how many moved. */
export async function plotPayouts(
  tx: Queryable,
  plotted: readonly Plotted[],
  by: { userId: number; name: string },
  now: Date,
): Promise<number> {
  const ids = [...new Set(plotted.map((p) => p.outletId))].sort((a, b) => a - b);
  const outlets = await tx.query<{ id: number; workflow_state: string; type: string }>(
    `SELECT o.id, o.workflow_state, s.type FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
     WHERE o.id = ANY($1::int[]) ORDER BY o.id FOR UPDATE OF o`,
    [ids],
  );
  const last = new Map(plotted.map((p) => [p.outletId, p]));
  await tx.query(
    `UPDATE workflow_objects w SET client_payout_month = x.client, rs_payout_month = x.rs, amount_to_pay = x.amount
     FROM unnest($1::int[], $2::text[], $3::text[], $4::numeric[]) AS x(id, client, rs, amount) WHERE w.outlet_id = x.id`,
    [
      ids,
      ids.map((id) => last.get(id)!.client_payout_month),
      ids.map((id) => last.get(id)!.rs_payout_month),
      ids.map((id) => last.get(id)!.amount),
    ],
  );
  const moving = outlets.filter((o) => {
    const move = nextState(o.type, o.workflow_state, PLOTTED_STATE, PLOTTING_PERMISSION);
    return move.ok && move.to === PLOTTED_STATE;
  });
  if (moving.length === 0) return 0;
  await tx.query(
    "UPDATE outlets SET workflow_state = $1, version = version + 1, modified = $2 WHERE id = ANY($3::int[])",
    [PLOTTED_STATE, now, moving.map((o) => o.id)],
  );
  await insertMany(
    tx,
    "outlet_logs",
    ["outlet_id", "user_id", "action", "from_state", "to_state", "extra_data", "message", "created"],
    moving.map((o) => [
      o.id,
      by.userId,
      PLOTTED_STATE,
      o.workflow_state,
      PLOTTED_STATE,
      JSON.stringify({ amount: last.get(o.id)!.amount }),
      transitionLogMessage(by.name, PLOTTED_STATE, o.workflow_state, PLOTTED_STATE),
      now,
    ]),
  );
  await autoAssign(
    tx,
    moving.map((o) => o.id),
    now,
  );
  return moving.length;
}
