/**
 * WhatsApp message delivery (spec 000 §2.1 message/details and message/summary, §7.6 WhatsApp logs;
 * content not shown, designed in docs/messaging.md): each message a confirmed Bulk WhatsApp Message
 * upload queues is sent through the provider and moves queued → sent → delivered → read, or to
 * failed with the provider's reason; every change is kept.
 */
import { Schema } from "effect";
import { JobId, MessageId } from "../api/ids";
import { paginated, resultsOf } from "../api/paginated";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";

export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "read", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The statuses a sent message may still move from: the sender asks the provider again. */
export const STILL_MOVING: readonly MessageStatus[] = ["sent", "delivered"];

export const MESSAGE_STATUS_LABELS: Readonly<Record<MessageStatus, string>> = {
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Failed",
};

/**
 * Whether a status the provider reports is a change worth recording: a message only moves forward
 * (read never goes back to delivered), and failed is final.
 */
export function isStatusChange(from: MessageStatus, to: MessageStatus): boolean {
  if (from === "failed" || from === "read" || from === to) return false;
  if (to === "failed") return true;
  return MESSAGE_STATUSES.indexOf(to) > MESSAGE_STATUSES.indexOf(from);
}

export const MESSAGE_MSG = {
  detailsTitle: "Message details",
  summaryTitle: "Message summary",
  loadFailed: "The messages could not be loaded.",
  noMessages: "No data available",
  noProvider: "No WhatsApp provider is configured on this server.",
} as const;

const Filter = Schema.String.check(Schema.isMaxLength(MAX_QUERY_TEXT_LENGTH));
const JobFilter = Schema.String.check(Schema.isPattern(/^\d{1,9}$/));

export const MessageQuery = Schema.Struct({
  job: Schema.optionalKey(JobFilter),
  status: Schema.optionalKey(Schema.Literals(MESSAGE_STATUSES)),
  template_name: Schema.optionalKey(Filter),
  /** A phone number or part of one. */
  search: Schema.optionalKey(Filter),
});
export type MessageQuery = typeof MessageQuery.Type;

export const MessageRow = Schema.Struct({
  id: MessageId,
  job_id: JobId,
  file_name: Schema.String,
  phone_number: Schema.String,
  template_name: Schema.String,
  message: Schema.String,
  status: Schema.Literals(MESSAGE_STATUSES),
  error: Schema.NullOr(Schema.String),
  /** When the upload was confirmed, which queued the message. */
  queued_at: Schema.String,
  /** When the status last changed (the queueing time while queued). */
  updated_at: Schema.String,
  /** Every change after queueing, oldest first. */
  history: Schema.Array(
    Schema.Struct({
      status: Schema.Literals(MESSAGE_STATUSES),
      error: Schema.NullOr(Schema.String),
      at: Schema.String,
    }),
  ),
});
export type MessageRow = typeof MessageRow.Type;
export const MessagePage = paginated(MessageRow);
export type MessagePage = typeof MessagePage.Type;

export const SummaryQuery = Schema.Struct({ job: Schema.optionalKey(JobFilter) });

/** The counts of one upload, template and day (the day its upload was confirmed). */
export const SummaryRow = Schema.Struct({
  job_id: JobId,
  file_name: Schema.String,
  template_name: Schema.String,
  day: Schema.String,
  total: Schema.Number,
  queued: Schema.Number,
  sent: Schema.Number,
  delivered: Schema.Number,
  read: Schema.Number,
  failed: Schema.Number,
});
export type SummaryRow = typeof SummaryRow.Type;
export const SummaryAnswer = resultsOf(SummaryRow);
export type SummaryAnswer = typeof SummaryAnswer.Type;
