/**
 * The WhatsApp sender (docs/messaging.md), a step of the job runner: sends the queued messages
 * through the provider and asks it where the sent ones have got to, recording each change of status
 * on the message and as a row of its history. Messages are taken FOR UPDATE SKIP LOCKED a batch at
 * a time, so several server processes share the work and a message is sent once.
 */
import { isStatusChange, type MessageStatus, STILL_MOVING } from "../../src/domain/messaging/messaging";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { inTransaction } from "../db/retry";
import { type MessageProvider, STATUS_CHECK_MS, simulatedMessageProvider } from "./provider";

/** Messages per transaction. */
const BATCH = 50;
/** A delivered message is asked after for a read receipt this long, then left as delivered. */
export const RECEIPT_WINDOW_MS = 24 * 60 * 60 * 1000;

type Waiting = {
  id: number;
  phone_number: string;
  template_name: string;
  message: string;
  status: MessageStatus;
  provider_reference: string | null;
};

async function record(
  tx: Queryable,
  id: number,
  change: { status: MessageStatus; error: string | null; reference?: string },
  at: Date,
) {
  await tx.query(
    `UPDATE whatsapp_messages SET status = $2, error = $3, provider_reference = coalesce($4, provider_reference),
       status_changed_at = $5, checked_at = $5 WHERE id = $1`,
    [id, change.status, change.error, change.reference ?? null, at],
  );
  await tx.query(
    "INSERT INTO whatsapp_message_events (message_id, status, error, at) VALUES ($1, $2, $3, $4)",
    [id, change.status, change.error, at],
  );
}

/** Sends a batch of queued messages; gives how many. */
async function sendQueued(deps: AppDeps, provider: MessageProvider): Promise<number> {
  return inTransaction(deps, async (tx) => {
    const rows = await tx.query<Waiting>(
      `SELECT id, phone_number, template_name, message, status, provider_reference FROM whatsapp_messages
       WHERE status = 'queued' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [BATCH],
    );
    for (const m of rows) {
      const answer = await provider.send(m);
      const at = new Date(deps.clock());
      await record(
        tx,
        m.id,
        answer.ok
          ? { status: "sent", error: null, reference: answer.reference }
          : { status: "failed", error: answer.error },
        at,
      );
    }
    return rows.length;
  });
}

/** Asks after a batch of sent and delivered messages last looked at a check ago; gives how many. */
async function checkSent(deps: AppDeps, provider: MessageProvider): Promise<number> {
  return inTransaction(deps, async (tx) => {
    const now = deps.clock();
    const rows = await tx.query<Waiting>(
      `SELECT id, phone_number, template_name, message, status, provider_reference FROM whatsapp_messages
       WHERE status = ANY ($1::text[]) AND checked_at <= $2 AND status_changed_at > $3
       ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED`,
      [STILL_MOVING, new Date(now - STATUS_CHECK_MS), new Date(now - RECEIPT_WINDOW_MS), BATCH],
    );
    for (const m of rows) {
      const report = await provider.status(m.provider_reference!);
      const at = new Date(deps.clock());
      if (isStatusChange(m.status, report.status))
        await record(
          tx,
          m.id,
          { status: report.status, error: report.status === "failed" ? report.error : null },
          at,
        );
      else await tx.query("UPDATE whatsapp_messages SET checked_at = $2 WHERE id = $1", [m.id, at]);
    }
    return rows.length;
  });
}

/** One round of the sender; gives whether it did anything (the runner then looks again). */
export async function deliverMessages(deps: AppDeps, provider: MessageProvider): Promise<boolean> {
  const sent = await sendQueued(deps, provider);
  const checked = await checkSent(deps, provider);
  return sent + checked > 0;
}

/** The provider this server sends with: the configured one, else the simulator in demo mode, else none. */
export const messageProviderOf = (deps: AppDeps): MessageProvider | null =>
  deps.messageProvider ?? (deps.mode === "demo" ? simulatedMessageProvider(deps.clock) : null);
