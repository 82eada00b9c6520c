/**
 * The outlet review screen's shapes and rules (spec 001 §2.1, §2.3, §2.4, §3, §4.2, §6, §7): the
 * outlet with its workflow object, the QC edit history, similar outlets, the decision on previous
 * address and phone edits, the role menu and the header card's display rules.
 */
import { Schema } from "effect";
import { Choice } from "../api/fields";
import { FieldAuditorId, UserId, WorkflowObjectId } from "../api/ids";
import { resultsOf } from "../api/paginated";
import { formatDayMonthYear, formatPaddedTime12, indiaWallClock } from "../shared/format";
import { OutletDetail } from "./outletListing";

export const TYPES_OF_CALLING = [
  "validation",
  "intimation",
  "invoice",
  "kyc_update",
  "confirmation",
] as const;
export type TypeOfCalling = (typeof TYPES_OF_CALLING)[number];

const Text = Schema.NullOr(Schema.String);
const Num = Schema.NullOr(Schema.Number);
const Person = Schema.NullOr(Schema.Struct({ id: UserId, name: Schema.String }));
/** The field auditor is one of field_auditors, who sign in to eMyTrack, not a staff user. */
const Auditor = Schema.NullOr(Schema.Struct({ id: FieldAuditorId, name: Schema.String }));

/** The related workflow object (§3); workflow_state and interim_status are the outlet's own. */
export const WorkflowObject = Schema.Struct({
  id: WorkflowObjectId,
  workflow_state: Schema.String,
  interim_status: Text,
  type_of_calling: Schema.NullOr(Schema.Literals(TYPES_OF_CALLING)),
  travel_log: Schema.Array(Schema.String),
  other_config: Schema.Record(Schema.String, Schema.Unknown),
  ifsc_code_verification_status: Schema.String,
  route_plan_start_date: Text,
  route_plan_end_date: Text,
  qc_inbound_date: Text,
  client_payout_month: Text,
  rs_payout_month: Text,
  amount_to_pay: Text,
  payment_status: Text,
  payment_date: Text,
  payment_remarks: Text,
  utr_number: Text,
  bank: Text,
  branch: Text,
  account_number: Text,
  ifsc_code: Text,
  account_holder_name: Text,
  assigned_field_manager: Person,
  assigned_qc_manager: Person,
  assigned_calling_executive: Person,
  assigned_field_auditor: Auditor,
  assigned_field_coordinator: Person,
  assigned_qc_executive: Person,
  assigned_calling_manager: Person,
  /** The payout team's people: not in the spec's object (001 §3), added for allocation (docs/allocation.md). */
  assigned_iftu_manager: Person,
  assigned_iftu_executive: Person,
  rsa_verification_status: Text,
  rsa_photo_proofs: Schema.Array(Schema.String),
  client_given_phone_number: Text,
  field_survey_mobile_version_number: Text,
  calling_display_notes: Text,
  calling_inbound_source_differentiation: Text,
  invoice_data: Schema.NullOr(Schema.Struct({ file: Schema.String })),
});
export type WorkflowObject = typeof WorkflowObject.Type;

/** GET outlets/{slug}/: the outlet (§3) as the review screen reads it. */
export const OutletReview = Schema.Struct({
  ...OutletDetail.fields,
  /**
   * 001 §3 project (name, type, add_data_on_fly): whether Survey Details adds Collected Bills
   * (§2.2, `hasCollectedBills`). add_data_on_fly is the outlet's sub-project's setting.
   */
  project: Schema.Struct({
    slug: Schema.String,
    name: Schema.String,
    type: Schema.String,
    add_data_on_fly: Schema.Boolean,
  }),
  outlet_id: Schema.String,
  phone_number1: Schema.String,
  phone_number2: Text,
  email: Text,
  dob: Text,
  bank_account_type: Text,
  gst_number: Schema.String,
  pan_number: Schema.String,
  gst_trade_name: Text,
  gst_legal_name: Text,
  distributor_gst_number: Text,
  distributor_gst_trade_name: Text,
  distributor_gst_legal_name: Text,
  distributor_gst_registration_status: Text,
  gst_number_verification_status: Schema.String,
  pan_number_verification_status: Schema.String,
  /** 001 §3: the outlet's collected invoices whose headers were not saved yet (invoices.ts). */
  total_no_of_invoice_pending: Schema.Number,
  banner_image: Text,
  field_survey_start_datetime: Text,
  field_survey_end_datetime: Text,
  start_latitude: Num,
  start_longitude: Num,
  end_latitude: Num,
  end_longitude: Num,
  location_accuracy: Num,
  uploaded_at: Text,
  pre_survey_remark: Text,
  notes_by_field_auditor: Text,
  survey_not_done_notes_by_field_auditor: Text,
  qc_display_notes: Text,
  calling_remarks: Text,
  client_remarks: Text,
  inbound_source: Text,
  previous_address: Text,
  previous_phone_number1: Text,
  previous_phone_number2: Text,
  previous_outlet: Schema.NullOr(Schema.Struct({ outlet_id: Schema.String })),
  bulk_created_by: Text,
  bulk_approved_by: Text,
  similar_outlets_count: Schema.Number,
  workflow_object: WorkflowObject,
});
export type OutletReview = typeof OutletReview.Type;

/** GET outlets/qc-edit-history/{workflow object id}/ (§7): `data` of message and created. */
export const QcEditHistory = Schema.Struct({
  data: Schema.Array(Schema.Struct({ message: Schema.String, created: Schema.String })),
});
export type QcEditHistory = typeof QcEditHistory.Type;

/** One row of the Similar Outlets modal (§2.4); missing values are null and show N/A. */
export const SimilarOutlet = Schema.Struct({
  rsid: Schema.String,
  outlet_id: Schema.String,
  name: Schema.String,
  account_number: Text,
  gst_number: Text,
  pan_number: Text,
  phone_number: Text,
  workflow_state: Schema.String,
});
export type SimilarOutlet = typeof SimilarOutlet.Type;
export const SimilarOutlets = resultsOf(SimilarOutlet);

// --- The decision on previous address and phone edits (§2.4, §7 outlet action) ---

export const OUTLET_EDIT_ACTIONS = ["accept", "reject"] as const;
export type OutletEditAction = (typeof OUTLET_EDIT_ACTIONS)[number];
export const ACTION_TO_PERFORM = "action_to_perform";
export const NO_PENDING_EDIT = "This outlet has no previous address or phone edit waiting for a decision.";
export const EDIT_DECISION_NOT_ALLOWED =
  "You cannot accept or reject edits of this outlet in its present state.";

/** The outlet action body: `action_to_perform` accept or reject. */
export const OutletActionBody = Schema.Struct({ [ACTION_TO_PERFORM]: Choice(OUTLET_EDIT_ACTIONS) });

/** The fields an edit may have replaced, each with the column keeping the value it replaced. */
export const PREVIOUS_FIELDS = [
  { field: "address", previous: "previous_address", label: "Address" },
  { field: "phone_number1", previous: "previous_phone_number1", label: "Phone number 1" },
  { field: "phone_number2", previous: "previous_phone_number2", label: "Phone number 2" },
] as const;

/** The QC edit history line for a decision on one field. */
export const editDecisionMessage = (
  action: OutletEditAction,
  label: string,
  previous: string,
  current: string,
): string =>
  action === "accept"
    ? `${label} changed from ${previous} to ${current} (edit accepted)`
    : `${label} kept as ${previous}; the edit to ${current} was rejected`;

// --- Who may change answers and decide edits (§4.2, §6) ---

export type ReviewRole =
  | "qc-manager"
  | "qc-executive"
  | "project-manager"
  | "calling-executive"
  | "client-manager"
  | "client-manager-view"
  | "iftu-manager"
  | "iftu-executive"
  | "other";

/** The review role of a considered workflow permission ("qc-manager-workflow-permission"). */
export function reviewRole(permission: string | null): ReviewRole {
  const role = permission?.replace(/-workflow-permission$/, "");
  const known: readonly ReviewRole[] = [
    "qc-manager",
    "qc-executive",
    "project-manager",
    "calling-executive",
    "client-manager",
    "client-manager-view",
    "iftu-manager",
    "iftu-executive",
  ];
  return (known as readonly (string | undefined)[]).includes(role) ? (role as ReviewRole) : "other";
}

/**
 * Edit permission (001 §2.2, §4.2, §6): who may change an outlet's data now, in every way the review
 * offers (answers, Refresh QC data, the outlet edit and its proof images, Accept and Reject of a
 * retailer request or of a previous address or phone edit). QC manager or executive, the project
 * manager in qc_accepted, or anyone in wip_client_accepted or calling_accepted; a QC executive only
 * in qc_pending; never after the workflow state changed on this screen; and only while the role's
 * update action list offers the outlet an action (the project manager needs none). The screens read
 * it to show their controls and the server asks it again, with the same inputs, on every write.
 */
export function hasEditPermission(
  role: ReviewRole,
  state: string,
  workflowStateChanged: boolean,
  hasUpdateActions: boolean,
): boolean {
  const allowed =
    role === "qc-manager" ||
    role === "qc-executive" ||
    (role === "project-manager" && state === "qc_accepted") ||
    state === "wip_client_accepted" ||
    state === "calling_accepted";
  return (
    allowed &&
    (role !== "qc-executive" || state === "qc_pending") &&
    !workflowStateChanged &&
    actsOnOutlets(role, hasUpdateActions)
  );
}

/**
 * The role's part of the edit permission: its action list offers an action (the project manager
 * needs none). A role whose list offers none anywhere is view-only and changes no outlet's data.
 */
export const actsOnOutlets = (role: ReviewRole, offersActions: boolean): boolean =>
  offersActions || role === "project-manager";

/** An edit waits for a decision while a replaced value is kept. */
export const hasPendingEdit = (
  outlet: Pick<OutletReview, "previous_address" | "previous_phone_number1" | "previous_phone_number2">,
) =>
  outlet.previous_address !== null ||
  outlet.previous_phone_number1 !== null ||
  outlet.previous_phone_number2 !== null;

// --- The left menu (§2.1) ---

export type MenuIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export type MenuEntry = { index: MenuIndex; label: string };
export const PAYOUT_ROLES: readonly ReviewRole[] = ["iftu-manager", "iftu-executive"];

/** The main tab's panel by role and, for the calling executive, type of calling (§2.1). */
export function mainTab(role: ReviewRole, typeOfCalling: TypeOfCalling | null): string {
  if (role === "calling-executive") {
    switch (typeOfCalling) {
      case "validation":
        return "Calling Details";
      case "intimation":
        return "General Information";
      case "invoice":
        return "Invoice Guidance";
      case "kyc_update":
        return "Payment Result";
      case "confirmation":
        return "Details to Inform";
      default:
        return "Survey Details";
    }
  }
  if (role === "iftu-executive" && typeOfCalling === "confirmation") return "Details to Inform";
  if (PAYOUT_ROLES.includes(role)) return "Payout Details";
  return "Survey Details";
}

/**
 * The menu entries in display order (§2.1 table order). `built` names the panels that exist: an
 * entry whose panel is not built yet is left out rather than shown empty.
 */
export function reviewMenu(input: {
  role: ReviewRole;
  subProjectType: string;
  interimStatus: string | null;
  typeOfCalling: TypeOfCalling | null;
  built: ReadonlySet<string>;
}): MenuEntry[] {
  const { role, subProjectType, interimStatus, typeOfCalling, built } = input;
  const entries: MenuEntry[] = [];
  if (role === "client-manager" && subProjectType === "retail_audit_cycle")
    entries.push({ index: 0, label: "Score" });
  entries.push({ index: 1, label: mainTab(role, typeOfCalling) });
  if (PAYOUT_ROLES.includes(role)) entries.push({ index: 4, label: "Survey Details" });
  entries.push({ index: 2, label: "Log Details" }, { index: 5, label: "QC Edit History" });
  if (interimStatus)
    entries.push(
      { index: 3, label: "Edit Outlet Information" },
      { index: 6, label: "Retailer Edit Requests" },
    );
  return entries.filter((e) => built.has(e.label));
}

/** The address parameter keeping the selected tab, so a reload or a shared link opens it. */
export const TAB_PARAM = "tab";

/** The tab an address's query names (`?tab=5`), or null when it names none of §2.1's. */
export function tabOfSearch(search: string): MenuIndex | null {
  const value = new URLSearchParams(search).get(TAB_PARAM);
  return value !== null && /^[0-6]$/.test(value) ? (Number(value) as MenuIndex) : null;
}

/** The tab a role opens on: the second tab for payout roles, otherwise the main tab (§2.1). */
export function initialTab(role: ReviewRole, menu: readonly MenuEntry[]): MenuIndex | null {
  const preferred = PAYOUT_ROLES.includes(role) ? 4 : 1;
  return (menu.find((e) => e.index === preferred) ?? menu[0])?.index ?? null;
}

// --- The header card (§2.4) ---

export const NOTES_CUT = 22;
export const NOT_AVAILABLE = "N/A";
export const SAME_NAMES = "Trade name or Legal name are same!";

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** The survey's duration in its largest whole unit: days, hours, minutes or seconds. */
export function surveyDuration(start: string | null, end: string | null): string {
  if (!start || !end) return NOT_AVAILABLE;
  const seconds = Math.floor((Date.parse(end) - Date.parse(start)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 0) return NOT_AVAILABLE;
  if (seconds >= 86_400) return plural(Math.floor(seconds / 86_400), "day");
  if (seconds >= 3_600) return plural(Math.floor(seconds / 3_600), "hour");
  if (seconds >= 60) return plural(Math.floor(seconds / 60), "minute");
  return plural(seconds, "second");
}

/** DD-MMM-YYYY hh:mm of a stored UTC time, in India time (log dates and the card's times). */
export function displayDateTime(iso: string | null): string {
  const t = iso ? indiaWallClock(iso) : null;
  if (!t) return NOT_AVAILABLE;
  // 001 names the log format DD-MMM-YYYY hh:mm: the 12-hour clock without its AM/PM.
  const clock = formatPaddedTime12(t.hours, t.minutes).slice(0, 5);
  return `${formatDayMonthYear(t.year, t.month, t.day)} ${clock}`;
}

/** Auditor notes cut at 22 characters; the whole text goes to the Read More tooltip. */
export function cutNotes(notes: string | null): { text: string; more: string | null } {
  if (!notes) return { text: NOT_AVAILABLE, more: null };
  return notes.length > NOTES_CUT
    ? { text: notes.slice(0, NOTES_CUT), more: notes }
    : { text: notes, more: null };
}

/** The two initials of a log entry: the first 2 characters of its message (§2.3). */
export const logInitials = (message: string): string => message.slice(0, 2);

/** The red icon's condition: both names given and equal. */
export function tradeAndLegalNameSame(trade: string | null, legal: string | null): boolean {
  return !!trade && !!legal && trade.trim().toLowerCase() === legal.trim().toLowerCase();
}

/** Similar Outlets - count is shown for payout_cycle and kyc sub-projects only. */
export const showsSimilarOutlets = (subProjectType: string): boolean =>
  subProjectType === "payout_cycle" || subProjectType === "kyc";

/** What the card shows by role (§2.4 visibility). */
export function headerVisibility(role: ReviewRole): {
  surveyEnd: boolean;
  locationAccuracy: boolean;
  associatedBy: boolean;
  qcStatus: boolean;
} {
  const client = role === "client-manager" || role === "client-manager-view";
  return {
    surveyEnd: !client,
    locationAccuracy: !client,
    associatedBy: !client,
    qcStatus: role === "calling-executive",
  };
}

/** A missing value shows N/A. */
export const orNotAvailable = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === "" ? NOT_AVAILABLE : String(value);

/** §4.5: Update Status is shown to the calling executive, QC executive, QC manager and client manager, or for intimation calls. */
export const showsUpdateStatus = (role: ReviewRole, typeOfCalling: TypeOfCalling | null): boolean =>
  ["calling-executive", "qc-executive", "qc-manager", "client-manager"].includes(role) ||
  typeOfCalling === "intimation";

/** §2.1: the documents the retailer keeps ready, listed by General Information. */
export const DOCUMENTS_TO_KEEP_READY = ["PAN Card", "Bank Passbook", "Address Proof", "Cheque"] as const;
/** §2.3: sending the app link makes no call and only says so. */
export const APP_LINK_SENT = "Sent Successfully !!";
