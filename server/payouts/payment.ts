/**
 * One record of a payment (docs/payouts.md). Every way a payout is paid (Update Status's Payment
 * Confirmation, the bulk modal's Payment Successful, the payment status upload, UPI Pay Now) calls
 * `recordPayments` inside its own transaction, which then, for each outlet: marks its payout row
 * paid or failed (§4.1: a status containing "success" is paid), fills the workflow object's
 * payment fields, records the transaction (the latest transaction details), makes the invoice and
 * its PDF the retailer downloads, moves the outlet to payment_successful and writes one log row
 * (its project notification follows from the log). Outlets are locked in id order first, so a
 * double click or a second server waits and then finds the payout no longer waiting: it pays once.
 */

import { stateLabel } from "../../src/domain/outlets/outletStates";
import { PENDING_RETAILER_EDITS } from "../../src/domain/outlets/retailerRequests";
import { transitionLogMessage } from "../../src/domain/outlets/workflowActions";
import {
  awaitsPayment,
  invoiceNumber,
  isPaymentSuccessful,
  PAID_STATE,
  PAYMENT_FAILED_ACTION,
  PAYOUT_FAILED,
  PAYOUT_PLOTTED,
  paidAmount,
  payoutStatusAfter,
} from "../../src/domain/payouts/payouts";
import { autoAssign } from "../allocation/autoAssign";
import type { Queryable } from "../db/db";
import { outletPdf } from "../mobile/pdf";
import { blockedOutlets } from "../retailerRequests/gate";

export type PaymentSource = "update_status" | "payment_status_upload" | "upi_pay_now";

/** What one payment says; the amount, when not given, is the plotted payout's own. */
export type Payment = {
  outletId: number;
  status: string;
  utr_number: string | null;
  payment_date: string;
  amount?: string | null;
  payment_remarks?: string | null;
  cms_number?: string | null;
};

export type Payer = { userId: number | null; name: string; jobId?: number | null };

/** A payment that cannot be recorded: the outlet no longer waits for one, or must not be saved now. */
export class PaymentRefused extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines.join(" "));
  }
}

type LockedOutlet = {
  id: number;
  rsid: string;
  workflow_state: string;
  sub_project_id: number;
  program: string;
  client_payout_month: string | null;
  rs_payout_month: string | null;
};

type Payout = { id: number; amount: string; tds_amount: string | null };

/** The payout a payment settles: the newest one waiting, or (none plotted) a new one for it. */
async function payoutOf(tx: Queryable, o: LockedOutlet, p: Payment): Promise<Payout> {
  const [waiting] = await tx.query<Payout>(
    `SELECT id, amount::text AS amount, tds_amount::text AS tds_amount FROM outlet_payouts
     WHERE outlet_id = $1 AND payment_status IN ($2, $3) ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [o.id, PAYOUT_PLOTTED, PAYOUT_FAILED],
  );
  if (waiting) return waiting;
  const month = p.payment_date.slice(0, 7);
  const [made] = await tx.query<Payout>(
    `INSERT INTO outlet_payouts (outlet_id, sub_project_id, program, amount, client_payout_month, rs_payout_month)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, amount::text AS amount, tds_amount::text AS tds_amount`,
    [
      o.id,
      o.sub_project_id,
      o.program,
      p.amount ?? "0",
      o.client_payout_month ?? month,
      o.rs_payout_month ?? month,
    ],
  );
  return made!;
}

/**
 * Records the payments, all or none: PaymentRefused (nothing written) when an outlet is not
 * waiting for a payment or a retailer request of it waits for a decision (001 §4.4).
 */
export async function recordPayments(
  tx: Queryable,
  payments: readonly Payment[],
  by: Payer,
  source: PaymentSource,
  now: Date,
): Promise<void> {
  const ids = [...new Set(payments.map((p) => p.outletId))].sort((a, b) => a - b);
  const outlets = await tx.query<LockedOutlet>(
    `SELECT o.id, o.rsid, o.workflow_state, o.sub_project_id, coalesce(pg.name, s.name) AS program,
       w.client_payout_month, w.rs_payout_month
     FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN workflow_objects w ON w.outlet_id = o.id
     LEFT JOIN programs pg ON pg.id = o.program_id
     WHERE o.id = ANY($1::int[]) ORDER BY o.id FOR UPDATE OF o, w`,
    [ids],
  );
  const byId = new Map(outlets.map((o) => [o.id, o]));
  const blocked = await blockedOutlets(tx, ids);
  const lines: string[] = [];
  for (const id of ids) {
    const o = byId.get(id);
    if (!o) lines.push(`${id}: not an outlet.`);
    else if (blocked.has(id)) lines.push(`${o.rsid}: ${PENDING_RETAILER_EDITS}`);
    else if (!awaitsPayment(o.workflow_state))
      lines.push(`${o.rsid}: not waiting for a payment (now ${stateLabel(o.workflow_state)}).`);
  }
  if (lines.length > 0) throw new PaymentRefused(lines);

  for (const p of [...payments].sort((a, b) => a.outletId - b.outletId)) {
    const o = byId.get(p.outletId)!;
    const payout = await payoutOf(tx, o, p);
    const amount = p.amount ?? payout.amount;
    const paid = isPaymentSuccessful(p.status);
    const remarks = p.payment_remarks || null;
    await tx.query(
      `UPDATE outlet_payouts SET payment_status = $2, utr_number = $3, payment_date = $4, payment_remarks = $5,
         amount = $6, status_job_id = coalesce($7, status_job_id) WHERE id = $1`,
      [
        payout.id,
        payoutStatusAfter(p.status),
        p.utr_number,
        p.payment_date,
        remarks,
        amount,
        by.jobId ?? null,
      ],
    );
    await tx.query(
      `UPDATE workflow_objects SET payment_status = $2, utr_number = $3, payment_date = $4, payment_remarks = $5,
         amount_to_pay = $6 WHERE outlet_id = $1`,
      [o.id, p.status, p.utr_number, p.payment_date, remarks, amount],
    );
    await tx.query(
      `INSERT INTO payout_transactions (payout_id, outlet_id, date_of_payment, base_value, invoice_value_incl_gst,
         tds_amt, paid_amt, status, paid, utr_number, cms_number, remarks, source, user_id, job_id, created)
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        payout.id,
        o.id,
        p.payment_date,
        amount,
        payout.tds_amount ?? "0",
        paidAmount(amount, payout.tds_amount),
        p.status,
        paid,
        p.utr_number,
        p.cms_number ?? null,
        remarks,
        source,
        by.userId,
        by.jobId ?? null,
        now,
      ],
    );
    const to = paid ? PAID_STATE : o.workflow_state;
    if (paid) {
      const [invoice] = await tx.query<{ id: number }>(
        `INSERT INTO retailer_invoices (outlet_id, payout_id, invoice_no, created) VALUES ($1, $2, $3, $4) RETURNING id`,
        [o.id, payout.id, invoiceNumber(p.payment_date, payout.id), p.payment_date],
      );
      await outletPdf(tx, "invoice", invoice!.id, o.id, now.getTime());
      await tx.query(
        "UPDATE outlets SET workflow_state = $2, version = version + 1, modified = $3 WHERE id = $1",
        [o.id, to, now],
      );
    }
    const action = paid ? PAID_STATE : PAYMENT_FAILED_ACTION;
    await tx.query(
      `INSERT INTO outlet_logs (outlet_id, user_id, action, from_state, to_state, extra_data, message, created)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        o.id,
        by.userId,
        action,
        o.workflow_state,
        to,
        JSON.stringify({
          payment_status: p.status,
          utr_number: p.utr_number,
          amount,
          payment_date: p.payment_date,
        }),
        paid
          ? transitionLogMessage(by.name, PAID_STATE, o.workflow_state, to)
          : `${by.name}: payment ${p.status}, ${stateLabel(o.workflow_state)} kept`,
        now,
      ],
    );
  }
  // Paid outlets leave the payout team's work; whichever team's open state they reach, its rule applies.
  await autoAssign(
    tx,
    payments.filter((p) => isPaymentSuccessful(p.status)).map((p) => p.outletId),
    now,
  );
}
