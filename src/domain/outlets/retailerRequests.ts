/**
 * Retailer master requests (spec 001 §2.6, §3, §4.4, §4.5, §4.7, §5.6, §8): a change to the outlet's
 * store, bank or tax details that waits for QC's decision, its review table and the messages of the
 * screen and the server.
 */
import { Schema } from "effect";
import { Choice, saying, Text } from "../api/fields";
import { ONE_RECORD_ID, OutletImageId, RetailerRequestId } from "../api/ids";
import { formatDayMonthYear, formatPaddedTime12, indiaWallClock } from "../shared/format";
import { MAX_QUERY_TEXT_LENGTH, notAChoice } from "../shared/requestInput";

export const REQUEST_TYPES = ["store_details", "bank_details", "tax_details"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const REQUEST_STATUSES = ["pending", "accepted", "rejected"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const DECISIONS = ["accepted", "rejected"] as const;
export type Decision = (typeof DECISIONS)[number];

// --- Texts (001 §4.4, §4.5, §5.6, §8; 002 §8) ---
export const PENDING_RETAILER_EDITS = "Please complete all pending retailer edits before proceeding.";
export const pendingRequestsPopup = (n: number) => `There are ${n} Pending Retailer Request!`;
export const REQUESTS_FAILED = "Failed to load requests. Please try again.";
export const REQUEST_FAILED = "Failed to load request data. Please try again.";
export const NO_REQUESTS = "No Requests Available";
export const NO_IMAGES = "No Images Available";
export const ACCEPT_FAILED = "Failed to accept request.";
export const CHOOSE_REASON = "Please Choose a Rejection Reason";
export const REASON_PLACEHOLDER = "Please choose a rejection reason.";
/** Not in the spec: the server's answer to a decision on a request no longer pending (409). */
export const ALREADY_DECIDED = "This request has already been decided.";
export const REQUEST_NOT_ALLOWED =
  "You cannot accept or reject requests of this outlet in its present state.";
/** Not in the spec (its reject failure is not shown): the popup after a refused rejection. */
export const REJECT_FAILED = "Failed to reject request.";
export const decidedMessage = (decision: Decision) =>
  decision === "accepted" ? "Request accepted." : "Request rejected.";

/** 001 §5.6: reasons come from the server as qc_rejection_status, code to label. */
export const QC_REJECTION_STATUS: Readonly<Record<string, string>> = {
  proof_not_clear: "Proof image is not clear",
  proof_mismatch: "Proof does not match the new details",
  details_incorrect: "New details are incorrect",
  duplicate_request: "Duplicate request",
};

// --- Shapes (001 §3) ---
const Images = Schema.Array(Schema.Struct({ id: OutletImageId, image: Schema.String }));
export const IMAGE_LISTS = [
  "address_proof_images_data",
  "dealer_board_images_data",
  "upload_bank_proof_images_data",
  "upload_ownership_proof_images_data",
  "gst_certificate_proof_images_data",
  "pan_certificate_proof_images_data",
] as const;
export type ImageList = (typeof IMAGE_LISTS)[number];

export const RequestSummary = Schema.Struct({
  retailer_master_request_id: RetailerRequestId,
  retailer_master_type: Schema.Literals(REQUEST_TYPES),
  retailer_master_status: Schema.Literals(REQUEST_STATUSES),
  retailer_master_created: Schema.String,
});
export type RequestSummary = typeof RequestSummary.Type;
export const RequestList = Schema.Array(RequestSummary);

export const PendingCheck = Schema.Struct({
  pending_request_exist: Schema.Boolean,
  count_pending_request: Schema.Number,
});
export type PendingCheck = typeof PendingCheck.Type;

const Values = Schema.Record(Schema.String, Schema.NullOr(Schema.String));
/** old_data and new_data: the outlet's fields, its workflow object's bank fields, the tax answers. */
export const RequestData = Schema.Struct({
  outlet: Values,
  workflow_object: Values,
  meta_data: Values,
  answers: Schema.Array(Values),
  dealer_board_images_data: Images,
});
export type RequestData = typeof RequestData.Type;

export const RequestDetail = Schema.Struct({
  old_data: RequestData,
  new_data: RequestData,
  image_data: Schema.Struct({
    address_proof_images_data: Images,
    dealer_board_images_data: Images,
    upload_bank_proof_images_data: Images,
    upload_ownership_proof_images_data: Images,
    gst_certificate_proof_images_data: Images,
    pan_certificate_proof_images_data: Images,
  }),
  retailer_request: Schema.Struct({
    id: RetailerRequestId,
    type: Schema.Literals(REQUEST_TYPES),
    status: Schema.Literals(REQUEST_STATUSES),
    created: Schema.String,
    rejection_reason: Schema.NullOr(Schema.String),
  }),
  qc_rejection_status: Schema.Record(Schema.String, Schema.String),
});
export type RequestDetail = typeof RequestDetail.Type;

// --- The review table (001 §2.6, §3 field mappings) ---

type Source = { part: "outlet" | "workflow_object"; key: string } | { answer: string; key: string };
const at = (part: "outlet" | "workflow_object", key: string): Source => ({ part, key });

/** Each type's rows: the label shown and where the value is read in old_data and new_data. */
export const FIELD_MAPPINGS: Readonly<Record<RequestType, readonly (readonly [string, Source])[]>> = {
  store_details: [
    ["name", at("outlet", "name")],
    ["email", at("outlet", "email")],
    ["address", at("outlet", "address")],
    ["state", at("outlet", "state")],
    ["city", at("outlet", "city")],
    ["pin_code", at("outlet", "pin_code")],
    ["phone_number", at("outlet", "phone_number1")],
    ["alternate_phone_number", at("outlet", "phone_number2")],
  ],
  bank_details: [
    ["account_type", at("outlet", "bank_account_type")],
    ["account_number", at("workflow_object", "account_number")],
    ["phone_number", at("outlet", "phone_number1")],
    ["ifsc_code", at("workflow_object", "ifsc_code")],
    ["account_holder_name", at("workflow_object", "account_holder_name")],
    ["branch_name", at("workflow_object", "bank")],
    ["branch_location", at("workflow_object", "branch")],
  ],
  tax_details: [
    ["gst_number", at("outlet", "gst_number")],
    ["gst_trade_name", { answer: "gst_number", key: "other_gst_trade_name" }],
    ["gst_legal_name", { answer: "gst_number", key: "other_gst_legal_name" }],
    ["gst_registration_status", at("outlet", "gst_registration_status")],
    ["pan_number", at("outlet", "pan_number")],
    ["pan_holder_name", { answer: "pan_number", key: "other_pan_holder_name" }],
  ],
};

function valueAt(data: RequestData, source: Source): string | null {
  if ("part" in source) return data[source.part][source.key] ?? null;
  return data.answers.find((a) => a.question_type === source.answer)?.[source.key] ?? null;
}

export const CELL_CUT = 23;
/** A table cell: capitalised, cut at 23 characters plus dots; a missing value is N/A. */
export function tableCell(value: string | null): string {
  if (value === null || value.trim() === "") return "N/A";
  const text = value.charAt(0).toUpperCase() + value.slice(1);
  return text.length > CELL_CUT ? `${text.slice(0, CELL_CUT)}...` : text;
}

/** A field label as the table shows it: "alternate_phone_number" → "Alternate Phone Number". */
export const fieldLabel = (key: string) =>
  key
    .split("_")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");

export type TableRow = { field: string; current: string; next: string; changed: boolean };
export function requestTable(
  detail: Pick<RequestDetail, "old_data" | "new_data">,
  type: RequestType,
): TableRow[] {
  return FIELD_MAPPINGS[type].map(([field, source]) => {
    const before = valueAt(detail.old_data, source);
    const after = valueAt(detail.new_data, source);
    return {
      field: fieldLabel(field),
      current: tableCell(before),
      next: tableCell(after),
      changed: before !== after,
    };
  });
}

/** '{type} Edit Request': the type in words ("Store Details Edit Request"). */
export const requestHeading = (type: RequestType) => `${fieldLabel(type)} Edit Request`;

/** 'Raised on {date} at {time}': DD-MMM-YYYY and hh:mm AM/PM in India time. */
export function raisedOn(iso: string): string {
  const t = indiaWallClock(iso);
  if (!t) return "Raised on N/A";
  return `Raised on ${formatDayMonthYear(t.year, t.month, t.day)} at ${formatPaddedTime12(t.hours, t.minutes)}`;
}

/** Every image of the request's six lists, in the spec's order. */
export const requestImages = (detail: Pick<RequestDetail, "image_data">) =>
  IMAGE_LISTS.flatMap((list) => detail.image_data[list]);

/** 001 §4.7: only pending requests can be decided. */
export const isPending = (status: RequestStatus) => status === "pending";

/** 001 §4.4: any pending request blocks every save of the review screen. */
export const savingBlocked = (requests: readonly Pick<RequestSummary, "retailer_master_status">[]) =>
  requests.some((r) => isPending(r.retailer_master_status));

// --- The decision call (001 §7) ---

/**
 * `{request_id, status, rejection_reason}`: a reason from QC's list is required when rejecting
 * (001 §7); the server decodes the decision with it and the client sends it.
 */
export const DecisionBody = Schema.Struct({
  request_id: saying(ONE_RECORD_ID)(RetailerRequestId),
  status: Choice(DECISIONS),
  rejection_reason: Schema.optionalKey(Schema.NullOr(Text(MAX_QUERY_TEXT_LENGTH))),
}).check(
  Schema.makeFilter(({ status, rejection_reason: reason }) => {
    if (status !== "rejected") return undefined;
    if (!reason) return { path: ["rejection_reason"], issue: CHOOSE_REASON };
    return Object.hasOwn(QC_REJECTION_STATUS, reason)
      ? undefined
      : { path: ["rejection_reason"], issue: notAChoice(reason) };
  }),
);
export type DecisionBody = typeof DecisionBody.Type;

// --- Review panel constants (001 §2.6, §9) ---
/** The request list scrolls by 20% of its visible width. */
export const LIST_SCROLL_STEP = 0.2;
/** The image magnifier enlarges 3 times; the viewer zooms in steps of 0.4. */
export const MAGNIFIER_SCALE = 3;
export const VIEWER_ZOOM_STEP = 0.4;
