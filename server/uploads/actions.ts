/**
 * Confirm (activate), cancel and Pay Now: each one transaction over the locked job (its kind, then
 * its row: server/uploads/jobs.ts), so a repeated or concurrent confirm finds the job already
 * active and applies nothing twice. The loser of such a race gets a 409 saying what happened.
 */
import { amountInWords, parseAmountToPaise } from "../../src/domain/payouts/amountInWords";
import { PAID_STATE, PLOTTED_STATE } from "../../src/domain/payouts/payouts";
import { calendarDateAt } from "../../src/domain/shared/format";
import {
  type ActivationInfo,
  actionConflict,
  canCancel,
  canConfirm,
  UPLOAD_MSG,
  uploadCancelledByConfirm,
} from "../../src/domain/uploads/bulkUpload";
import { UPLOAD_TYPES, type UploadType } from "../../src/domain/uploads/uploadTypes";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { inTransaction } from "../db/retry";
import { createExport } from "../exports/exportJobs";
import { Problem } from "../http/problem";
import { claimJob, type JobQueue, stillWaiting } from "../jobs/queue";
import { recordPayments } from "../payouts/payment";
import { blockedOutlets } from "../retailerRequests/gate";
import { ApplyConflict, applyRows } from "./apply";
import { allCleanRows, forEachCleanBatch } from "./cleanRows";
import { audit, type JobRow, lockJob, notifyUser } from "./jobs";
import type { PaymentGateway } from "./paymentGateway";
import { type Caller, mayActFor } from "./scope";

const NOT_FOUND = { detail: "Not found." };

async function lockedJobFor(tx: Queryable, caller: Caller, type: UploadType, id: number): Promise<JobRow> {
  const job = await lockJob(tx, id);
  if (!job || job.object_type !== type.key || !mayActFor(caller, job.organisation_id))
    throw new Problem(404, { ...NOT_FOUND });
  return job;
}

/** Another request confirmed, cancelled or paid the job first: a 409 that says so. */
function refuseLostRace(job: JobRow): void {
  const conflict = actionConflict(job);
  if (conflict) throw new Problem(409, { detail: conflict });
}

/** Database refusals of rows that were clean when validated (a name taken since, a record removed). */
function conflictText(error: unknown): string | null {
  if (error instanceof ApplyConflict) return error.message;
  const code = (error as { code?: unknown })?.code;
  if (code === "23505")
    return "Some rows clash with records added since the file was checked. Upload it again.";
  if (code === "23503") return "Some rows name records removed since the file was checked. Upload it again.";
  return null;
}

export type ConfirmResult = { detail: string; export_job_id: number | null };

/** Applies the clean rows, marks the job active and cancels every other completed upload of its kind. */
export async function confirmJob(
  deps: AppDeps,
  caller: Caller,
  type: UploadType,
  id: number,
): Promise<ConfirmResult> {
  const now = new Date(deps.clock());
  try {
    return await inTransaction(deps, async (tx) => {
      const job = await lockedJobFor(tx, caller, type, id);
      refuseLostRace(job);
      if (type.variant === "payment") return startPayment(tx, caller, job, now);
      if (!canConfirm(job)) throw new Problem(400, { detail: UPLOAD_MSG.notConfirmable });
      // Batch by batch inside this one transaction: a failing batch undoes the ones before it.
      let applied = 0;
      const rsids: string[] = [];
      await forEachCleanBatch(tx, id, async (rows) => {
        await applyRows(type.key, { tx, job, rows, userId: caller.user.id, now });
        applied += rows.length;
        if (type.key === "unicorn_interface") rsids.push(...rows.map((r) => r.rsid!));
      });
      const exportId =
        type.key === "unicorn_interface"
          ? await createExport(tx, {
              userId: caller.user.id,
              organisationId: job.organisation_id,
              title: `Outlet details for ${job.file_name}`,
              kind: "outlets",
              params: { rsids },
              now,
            })
          : null;
      await tx.query(
        `UPDATE bulk_upload_jobs SET status = 'active', activated_by = $2, activated_at = $3, export_job_id = $4
         WHERE id = $1`,
        [id, caller.user.id, now, exportId],
      );
      const others = await tx.query<{ id: number }>(
        `UPDATE bulk_upload_jobs SET status = 'cancelled', cancelled_by = $5, cancelled_at = $6,
           message = $7
         WHERE object_type = $1 AND organisation_id = $2 AND project_id IS NOT DISTINCT FROM $3
           AND status = 'completed' AND id <> $4
         RETURNING id`,
        [
          job.object_type,
          job.organisation_id,
          job.project_id,
          id,
          caller.user.id,
          now,
          uploadCancelledByConfirm(id),
        ],
      );
      await audit(tx, {
        userId: caller.user.id,
        action: "confirm",
        jobId: id,
        detail: {
          applied_rows: applied,
          cancelled_jobs: others.map((o) => o.id),
          export_job_id: exportId,
        },
        at: now,
      });
      for (const other of others)
        await audit(tx, {
          userId: caller.user.id,
          action: "cancel",
          jobId: other.id,
          detail: { because_confirmed: id },
          at: now,
        });
      await notifyUser(tx, {
        userId: caller.user.id,
        title: "Upload confirmed",
        subText: `${job.file_name}: ${applied} rows applied.`,
        jobId: id,
        at: now,
      });
      return { detail: UPLOAD_MSG.confirmed, export_job_id: exportId };
    });
  } catch (error) {
    const conflict = conflictText(error);
    if (conflict) throw new Problem(400, { detail: conflict });
    throw error;
  }
}

/** Pay Now: the job waits in under_activation while the payment run pays. */
async function startPayment(tx: Queryable, caller: Caller, job: JobRow, now: Date): Promise<ConfirmResult> {
  if (job.status !== "completed" || job.total_clean_objects === 0)
    throw new Problem(400, { detail: UPLOAD_MSG.notPayable });
  await tx.query(
    "UPDATE bulk_upload_jobs SET status = 'under_activation', activated_by = $2, activated_at = $3, claimed_at = NULL WHERE id = $1",
    [job.id, caller.user.id, now],
  );
  await audit(tx, { userId: caller.user.id, action: "pay_now", jobId: job.id, detail: {}, at: now });
  await notifyUser(tx, {
    userId: caller.user.id,
    title: "Payment started",
    subText: job.file_name,
    jobId: job.id,
    at: now,
  });
  return { detail: UPLOAD_MSG.paymentStarted, export_job_id: null };
}

export async function cancelJob(
  deps: AppDeps,
  caller: Caller,
  type: UploadType,
  id: number,
): Promise<{ detail: string }> {
  const now = new Date(deps.clock());
  return inTransaction(deps, async (tx) => {
    const job = await lockedJobFor(tx, caller, type, id);
    refuseLostRace(job);
    if (!canCancel(job)) throw new Problem(400, { detail: UPLOAD_MSG.notCancellable });
    await tx.query(
      "UPDATE bulk_upload_jobs SET status = 'cancelled', cancelled_by = $2, cancelled_at = $3, claimed_at = NULL WHERE id = $1",
      [id, caller.user.id, now],
    );
    await audit(tx, {
      userId: caller.user.id,
      action: "cancel",
      jobId: id,
      detail: { from: job.status },
      at: now,
    });
    await notifyUser(tx, {
      userId: caller.user.id,
      title: "Upload cancelled",
      subText: job.file_name,
      jobId: id,
      at: now,
    });
    return { detail: UPLOAD_MSG.cancelled };
  });
}

/** Count of UPI ids and the total in words, for the Pay Now confirmation. */
export async function activationInfo(
  deps: AppDeps,
  caller: Caller,
  type: UploadType,
  id: number,
): Promise<ActivationInfo> {
  const [job] = await deps.db.query<{ organisation_id: number; object_type: string }>(
    "SELECT organisation_id, object_type FROM bulk_upload_jobs WHERE id = $1",
    [id],
  );
  if (!job || job.object_type !== type.key || !mayActFor(caller, job.organisation_id))
    throw new Problem(404, { ...NOT_FOUND });
  const rows = await allCleanRows(deps.db, id);
  const paise = rows.reduce((sum, r) => sum + (parseAmountToPaise(r.amount ?? "") ?? 0), 0);
  return { count: rows.length, amount_in_words: amountInWords(paise) };
}

/** Activated payment uploads wait in under_activation for their UPI payment run. */
const PAYMENT_QUEUE: JobQueue = {
  table: "bulk_upload_jobs",
  waiting: "under_activation",
  staleAfterMs: 60_000,
};

/**
 * The UPI run's payments of outlets waiting for their payout are recorded by the one payment
 * function (docs/payouts.md); the money of the others was sent too, and upi_payments keeps it.
 */
async function recordUpiPayouts(
  tx: Queryable,
  job: { id: number; activated_by: number },
  rows: readonly Readonly<Record<string, string>>[],
  reference: string,
  at: Date,
): Promise<void> {
  const waiting = await tx.query<{ id: number; rsid: string }>(
    "SELECT id, rsid FROM outlets WHERE rsid = ANY($1::text[]) AND workflow_state = $2 ORDER BY id",
    [rows.map((r) => r.rsid), PLOTTED_STATE],
  );
  // An outlet whose retailer request waits is not saved now (001 §4.4): its payment stays in upi_payments.
  const blocked = await blockedOutlets(
    tx,
    waiting.map((o) => o.id),
  );
  const recorded = waiting.filter((o) => !blocked.has(o.id));
  if (recorded.length === 0) return;
  const amounts = new Map(rows.map((r) => [r.rsid, r.amount]));
  const [payer] = await tx.query<{ name: string }>("SELECT name FROM users WHERE id = $1", [
    job.activated_by,
  ]);
  await recordPayments(
    tx,
    recorded.map((o) => ({
      outletId: o.id,
      status: PAID_STATE,
      utr_number: reference,
      cms_number: reference,
      amount: amounts.get(o.rsid) ?? null,
      payment_date: calendarDateAt(at.getTime()),
    })),
    { userId: job.activated_by, name: payer?.name ?? "", jobId: job.id },
    "upi_pay_now",
    at,
  );
}

/** Pays one job waiting in under_activation; gives whether there was one. */
export async function payNextJob(deps: AppDeps, gateway: PaymentGateway): Promise<boolean> {
  const now = new Date(deps.clock());
  const job = await inTransaction(deps, async (tx) => {
    const claim = await claimJob(tx, PAYMENT_QUEUE, now);
    if (!claim) return undefined;
    const [row] = await tx.query<{ id: number; created_by: number; activated_by: number; file_name: string }>(
      "SELECT id, created_by, activated_by, file_name FROM bulk_upload_jobs WHERE id = $1",
      [claim.id],
    );
    return row;
  });
  if (!job) return false;
  const rows = await allCleanRows(deps.db, job.id);
  const result = await gateway.payBatch({
    idempotencyKey: `upload-${job.id}`,
    payments: rows.map((r) => ({ upiId: r.upi_id!, amount: r.amount! })),
  });
  const done = new Date(deps.clock());
  await inTransaction(deps, async (tx) => {
    if (!(await stillWaiting(tx, PAYMENT_QUEUE, job.id))) return;
    if (!result.ok) {
      await tx.query(
        "UPDATE bulk_upload_jobs SET status = 'completed', message = $2, claimed_at = NULL WHERE id = $1",
        [job.id, `Payment failed: ${result.reason}`],
      );
      await notifyUser(tx, {
        userId: job.activated_by,
        title: "Payment failed",
        subText: result.reason,
        jobId: job.id,
        at: done,
      });
      return;
    }
    await tx.query(
      `INSERT INTO upi_payments (job_id, outlet_id, upi_id, amount, status, gateway_reference, paid_at)
       SELECT $1, o.id, x.upi, x.amount, 'paid', $5, $6
       FROM unnest($2::text[], $3::text[], $4::numeric[]) AS x(rsid, upi, amount) JOIN outlets o ON o.rsid = x.rsid`,
      [
        job.id,
        rows.map((r) => r.rsid),
        rows.map((r) => r.upi_id),
        rows.map((r) => r.amount),
        result.reference,
        done,
      ],
    );
    await recordUpiPayouts(tx, job, rows, result.reference, done);
    await tx.query(
      "UPDATE bulk_upload_jobs SET status = 'active', payment_reference = $2, claimed_at = NULL WHERE id = $1",
      [job.id, result.reference],
    );
    await notifyUser(tx, {
      userId: job.activated_by,
      title: "Payment completed",
      subText: job.file_name,
      jobId: job.id,
      at: done,
    });
  });
  return true;
}

export const uploadTypeOf = (key: string): UploadType | undefined =>
  Object.hasOwn(UPLOAD_TYPES, key) ? UPLOAD_TYPES[key as keyof typeof UPLOAD_TYPES] : undefined;
