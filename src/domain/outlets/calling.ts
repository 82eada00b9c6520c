/**
 * The calling desk (spec 001 §2.1, §2.3, §3, §4.5, §6, §7; 000 §3): the calling tracker (one entry
 * per phone, linked to the outlets it serves), the reasons configuration, the reason details a
 * calling executive records, the Update Status gates of §4.5 and the 4-3-3 phone display.
 */
import { Schema } from "effect";
import { Text } from "../api/fields";
import { CallingTrackerId, OutletId } from "../api/ids";
import { isPaymentSuccessful } from "../payouts/payouts";

/** A reason key, as the configuration names it ("call_successful", "not_reachable"). */
export const REASON_KEY_MAX = 60;
/** 001 §9: a phone keeps at most 13 characters (+91 and 10 digits). */
export const PHONE_MAX = 13;

/** §3 calling tracker entry, with the reason recorded for the phone (who and when) if any. */
export const CallingTracker = Schema.Struct({
  id: CallingTrackerId,
  phone_number: Schema.String,
  is_verified: Schema.Boolean,
  linked_outlets: Schema.Array(OutletId),
  reason: Schema.NullOr(Schema.String),
  reason_by: Schema.NullOr(Schema.String),
  reason_at: Schema.NullOr(Schema.String),
});
export type CallingTracker = typeof CallingTracker.Type;

/** §3 calling tracker reasons config: reason key → label. */
export const ReasonsConfig = Schema.Record(Schema.String, Schema.String);
export type ReasonsConfig = typeof ReasonsConfig.Type;

/** The tracker list (§7, filtered by linked_outlets): `results`, with the reasons configuration. */
export const CallingTrackerList = Schema.Struct({
  results: Schema.Array(CallingTracker),
  reasons_config: ReasonsConfig,
});
export type CallingTrackerList = typeof CallingTrackerList.Type;

/** §3 and 000 §3: calling tracker reason details, phone_number and reason. */
export const ReasonDetails = Schema.Struct({
  phone_number: Text(PHONE_MAX).check(Schema.isMinLength(1)),
  reason: Text(REASON_KEY_MAX).check(Schema.isMinLength(1)),
});
export type ReasonDetails = typeof ReasonDetails.Type;

const TRACKER_KEY = "Not a calling tracker id.";
const TrackerKey = Schema.String.check(
  Schema.makeFilter((key: string) => /^[1-9]\d{0,9}$/.test(key) || TRACKER_KEY),
);

/**
 * §7 object-create with object_type workflow_calling_tracker: data_to_create null, data_to_update
 * the reason details keyed by tracker id.
 */
export const CallingTrackerUpdateBody = Schema.Struct({
  object_type: Schema.Literal("workflow_calling_tracker"),
  data_to_create: Schema.Null,
  data_to_update: Schema.Record(TrackerKey, ReasonDetails).annotate({
    message: "Expected an object of reason details keyed by calling tracker id.",
    messageUnexpectedKey: TRACKER_KEY,
  }),
}).check(
  Schema.makeFilter((body) =>
    Object.keys(body.data_to_update).length === 1
      ? undefined
      : { path: ["data_to_update"], issue: ONE_REASON_AT_A_TIME },
  ),
);
export type CallingTrackerUpdateBody = typeof CallingTrackerUpdateBody.Type;

export const ONE_REASON_AT_A_TIME = "Give the reason of one phone at a time.";
export const NOT_A_REASON = "Not a reason of the calling tracker.";
export const PHONE_NOT_OF_TRACKER = "The phone number is not this tracker's.";
export const CALLING_ONLY = "Only a calling executive records calling tracker reasons.";
export const REASON_SAVED = "Reason saved.";

/** The object-create body for one phone's reason. */
export const reasonUpdateOf = (tracker: Pick<CallingTracker, "id" | "phone_number">, reason: string) => ({
  object_type: "workflow_calling_tracker" as const,
  data_to_create: null,
  data_to_update: { [String(tracker.id)]: { phone_number: tracker.phone_number, reason } },
});

/** A reason counts as successful when its key includes 'successful' (§4.5). */
export const isSuccessfulReason = (reason: string | null): boolean =>
  !!reason && reason.includes("successful");

/**
 * §4.5, for a calling executive: the calling tracker reasons are complete when every reason
 * includes 'successful', or reasons were given for all items. Phones without any reason are not
 * complete by the first branch (no reason was given at all); an outlet without phones is.
 */
export function callingTrackerReasonsComplete(trackers: readonly Pick<CallingTracker, "reason">[]): boolean {
  const given = trackers.map((t) => t.reason).filter((r): r is string => !!r);
  return given.length === trackers.length || (given.length > 0 && given.every(isSuccessfulReason));
}

/**
 * §4.5, for everyone: the saved-question answers are complete when their count equals the
 * question groups and none is empty. `saved` holds each group's saved answers.
 */
export function savedAnswersComplete(
  saved: readonly (readonly unknown[])[],
  questionGroups: number,
): boolean {
  return saved.length === questionGroups && saved.every((answers) => answers.length > 0);
}

/** Why Update Status is disabled (§4.5), shown beside the button. */
export const REASONS_INCOMPLETE =
  "Give a reason for every phone in the calling tracker, or a successful one, before updating the status.";
export const ANSWERS_INCOMPLETE = "Save the answers of every question group before updating the status.";

/** §2.3: a phone shown 4-3-3 ("9876 543 210"); a +91 prefix is stripped first (§9). */
export function formatPhone433(phone: string): string {
  const digits = phone.replace(/\D/g, "").replace(/^91(?=\d{10}$)/, "");
  if (digits.length !== 10) return phone;
  return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
}

/** The label of a reason key, or the key itself when the configuration no longer has it. */
export const reasonLabel = (config: ReasonsConfig, reason: string | null): string | null =>
  reason === null ? null : (config[reason] ?? reason);

/** §6: the calling executive loads the calling-tracker list and records its reasons. */
export const usesCallingTracker = (role: string): boolean => role === "calling-executive";

// --- The three calling panels the spec names without content (docs/calling.md) ---

/** One line of a calling panel: what it is, its value, and whether it is missing. */
export type CallingFact = { label: string; value: string | null };

type PanelOutlet = {
  name: string;
  gst_number: string | null;
  pan_number: string | null;
  gst_legal_name: string | null;
  gst_trade_name: string | null;
  address?: string | null;
  workflow_object: {
    amount_to_pay: string | null;
    client_payout_month: string | null;
    rs_payout_month: string | null;
    payment_status: string | null;
    payment_date: string | null;
    payment_remarks: string | null;
    utr_number: string | null;
    bank: string | null;
    branch: string | null;
    account_number: string | null;
    ifsc_code: string | null;
    account_holder_name: string | null;
    invoice_data: { file: string } | null;
  };
};

const given = (v: string | null | undefined) => (v && v.trim() !== "" ? v : null);

/**
 * Invoice guidance (invoice calls): what the retailer's invoice must carry, from the outlet's data
 * (billed by the GST legal name with the GST number, or the PAN without GST; the amount and payout
 * month to invoice; the bank account paid into), and whether an invoice is on file.
 */
export function invoiceGuidance(o: PanelOutlet): {
  facts: CallingFact[];
  missing: string[];
  invoiceOnFile: boolean;
} {
  const wo = o.workflow_object;
  const facts: CallingFact[] = [
    { label: "Billed by (legal name)", value: given(o.gst_legal_name) ?? given(o.gst_trade_name) },
    { label: "GST number", value: given(o.gst_number) },
    { label: "PAN number", value: given(o.pan_number) },
    { label: "Amount to invoice", value: given(wo.amount_to_pay) },
    { label: "Payout month", value: given(wo.rs_payout_month) ?? given(wo.client_payout_month) },
    { label: "Bank account", value: given(wo.account_number) },
    { label: "IFSC code", value: given(wo.ifsc_code) },
  ];
  const missing = facts
    .filter((f) => f.value === null && !(f.label === "GST number" && given(o.pan_number)))
    .filter((f) => !(f.label === "PAN number" && given(o.gst_number)))
    .map((f) => f.label);
  return { facts, missing, invoiceOnFile: wo.invoice_data !== null };
}

/** Where the latest payment stands: none recorded yet, or its status says it succeeded or not. */
export type PaymentOutcome = "none" | "succeeded" | "notSucceeded";

/** Payment result (kyc_update calls): the latest payout of the outlet and its transaction. */
export function paymentResult(o: PanelOutlet): { facts: CallingFact[]; outcome: PaymentOutcome } {
  const wo = o.workflow_object;
  return {
    facts: [
      { label: "Payment Status", value: given(wo.payment_status) },
      { label: "Amount", value: given(wo.amount_to_pay) },
      { label: "Payment Date", value: given(wo.payment_date) },
      { label: "UTR", value: given(wo.utr_number) },
      { label: "RS Payout Cycle", value: given(wo.rs_payout_month) },
      { label: "Client Payout Cycle", value: given(wo.client_payout_month) },
      { label: "Payment Remarks", value: given(wo.payment_remarks) },
    ],
    outcome:
      given(wo.payment_status) === null
        ? "none"
        : isPaymentSuccessful(wo.payment_status)
          ? "succeeded"
          : "notSucceeded",
  };
}

/** Details to Inform (confirmation calls): the payment and KYC facts read out to the retailer. */
export function detailsToInform(o: PanelOutlet): { payment: CallingFact[]; kyc: CallingFact[] } {
  const wo = o.workflow_object;
  return {
    payment: [
      { label: "Amount", value: given(wo.amount_to_pay) },
      { label: "Payment Status", value: given(wo.payment_status) },
      { label: "Payment Date", value: given(wo.payment_date) },
      { label: "UTR", value: given(wo.utr_number) },
    ],
    kyc: [
      { label: "Account Holder Name", value: given(wo.account_holder_name) },
      { label: "Bank", value: given(wo.bank) },
      { label: "Branch", value: given(wo.branch) },
      { label: "Account Number", value: given(wo.account_number) },
      { label: "IFSC Code", value: given(wo.ifsc_code) },
      { label: "PAN Number", value: given(o.pan_number) },
      { label: "GST Number", value: given(o.gst_number) },
    ],
  };
}
