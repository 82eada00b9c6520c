/**
 * Field tools (spec 002 §2.8, §2.9, §4, §5, §9): outlet field recovery requests and field app dump
 * uploads. The texts, limits, the request's rules and its status machine live here, used alike by
 * the client's machines and views and by the server (docs/field-tools.md).
 */
import { Schema } from "effect";
import { FieldAppDumpId, RecoveryRequestId } from "../api/ids";
import { paginated } from "../api/paginated";
import { daysBetween, isIsoDate } from "../shared/format";

// --- Constants (spec 002 §9) ---

export const MAX_RECOVERY_RSIDS = 5;
export const RECOVERY_DATE_WINDOW_DAYS = 10;
export const RECOVERY_PAGE_SIZE = 50;
export const DUMP_PAGE_SIZE = 15;
/** A field app dump is a JSON file of at most this size (docs/field-tools.md). */
export const MAX_DUMP_BYTES = 20 * 1024 * 1024;
/** The outlet log action of a survey recovered from a field app dump (gamification reads it too). */
export const FIELD_RECOVERY_ACTION = "field_recovery";

// --- Texts (spec 002 §4, §5, §8) ---

export const RECOVERY_MSG = {
  projectRequired: "Please Select Project First",
  subProjectRequired: "Please Select Sub Project First",
  auditorRequired: "Please Select Auditor First",
  rsidRequired: "Please Type RSID",
  dateRequired: "Please Select Date First",
  failed: "Something went wrong! Please scroll up to find the individual error message.",
  tooManyRsids: "Only 5 RSIDs are allowed",
  rsidEmpty: "RSID Must be Seleted",
  dateWindow: "Please select a date field that is within the last 10 days",
  syntax: "Syntax Error: Add a comma as shown in the hint",
  sent: "Request Sent Successfully!",
  started: "Started Outlet Recovery for found outlets",
  /** Not given by the spec: the product's own texts (docs/field-tools.md). */
  hint: "Comma-separated, up to 5. Example: RS000001, RS000002",
  cancelled: "Outlet Recovery cancelled",
} as const;

export const DUMP_MSG = {
  fileRequired: "Please choose the dump file.",
  userRequired: "Please select the field app user.",
  uploaded: "Dump uploaded. It is being checked.",
  failed: "The dump could not be uploaded. Try again.",
  tooLarge: "The dump is larger than 20 MB.",
  notJson: "Wrong format: the dump is not a JSON file.",
  wrongFormat: 'Wrong format: the dump does not say "format": "retailscan-field-app-dump" version 1.',
  wrongUser: "Wrong user: the dump belongs to another field app user.",
  corrupt: "Corrupt file: ",
} as const;

// --- RSIDs (spec 002 §5) ---

/** What the field app writes as an outlet id: letters, digits, dash and underscore. */
export const RSID_PATTERN = /^[A-Za-z0-9_-]{1,30}$/;

/** The comma-separated RSIDs of the form, trimmed, blanks dropped, in order and without repeats. */
export function parseRsidList(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(",")) {
    const rsid = part.trim().toUpperCase();
    if (rsid !== "" && !out.includes(rsid)) out.push(rsid);
  }
  return out;
}

/** The date is today or one of the 10 days before it (`today` is the caller's ISO date). */
export function isWithinRecoveryWindow(isoDate: string, today: string): boolean {
  const age = daysBetween(isoDate, today);
  return age !== null && age >= 0 && age <= RECOVERY_DATE_WINDOW_DAYS;
}

export type RecoveryFormValues = {
  readonly projectId: number | null;
  readonly subProjectId: number | null;
  readonly auditorId: number | null;
  readonly rsidText: string;
  readonly dateUploaded: string;
};

export type RecoveryField = "project" | "sub_project" | "auditor" | "rsid_list" | "date_uploaded";
export type RecoveryFormErrors = Partial<Record<RecoveryField, string>>;

/** Every problem of the recovery form at once, one message per field (spec 002 §5). */
export function recoveryFormErrors(values: RecoveryFormValues, today: string): RecoveryFormErrors {
  const errors: RecoveryFormErrors = {};
  if (values.projectId === null) errors.project = RECOVERY_MSG.projectRequired;
  if (values.subProjectId === null) errors.sub_project = RECOVERY_MSG.subProjectRequired;
  if (values.auditorId === null) errors.auditor = RECOVERY_MSG.auditorRequired;
  const rsids = parseRsidList(values.rsidText);
  if (values.rsidText.trim() === "") errors.rsid_list = RECOVERY_MSG.rsidRequired;
  else if (rsids.length === 0) errors.rsid_list = RECOVERY_MSG.rsidEmpty;
  else if (rsids.length > MAX_RECOVERY_RSIDS) errors.rsid_list = RECOVERY_MSG.tooManyRsids;
  if (values.dateUploaded === "") errors.date_uploaded = RECOVERY_MSG.dateRequired;
  else if (!isWithinRecoveryWindow(values.dateUploaded, today))
    errors.date_uploaded = RECOVERY_MSG.dateWindow;
  return errors;
}

export type RecoverySubmission = {
  project_id: number;
  sub_project_id: number;
  auditor_id: number;
  rsid_list: string[];
  date_uploaded: string;
};

/** The request body the form sends (spec 002 §3); only called once the form has no errors. */
export const recoverySubmission = (values: RecoveryFormValues): RecoverySubmission => ({
  project_id: values.projectId ?? 0,
  sub_project_id: values.subProjectId ?? 0,
  auditor_id: values.auditorId ?? 0,
  rsid_list: parseRsidList(values.rsidText),
  date_uploaded: values.dateUploaded,
});

/**
 * The server's check of the RSID list: an array of 1 to 5 RSIDs. A value the server cannot read as
 * such gets the syntax hint (spec 002 §5), the client's fallback when no message comes back.
 */
export function rsidListProblem(list: unknown): string | null {
  if (!Array.isArray(list) || list.some((r) => typeof r !== "string")) return RECOVERY_MSG.syntax;
  const rsids = (list as string[]).map((r) => r.trim());
  if (rsids.length === 0 || rsids.every((r) => r === "")) return RECOVERY_MSG.rsidEmpty;
  if (rsids.some((r) => !RSID_PATTERN.test(r))) return RECOVERY_MSG.syntax;
  if (new Set(rsids.map((r) => r.toUpperCase())).size > MAX_RECOVERY_RSIDS) return RECOVERY_MSG.tooManyRsids;
  return null;
}

/**
 * The message a failed create shows (spec 002 §8, "errors.message, or the syntax hint"): the
 * message the server's error carries, else the syntax hint.
 */
export function recoveryCreateFailure(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" && message !== "" ? message : RECOVERY_MSG.syntax;
}

// --- The recovery request's status machine (spec 002 §2.8, §4; docs/field-tools.md) ---

export const RECOVERY_STATUSES = [
  "accepted",
  "active",
  "processing",
  "completed",
  "cancelled",
  "failed",
  "under_activation",
] as const;
export type RecoveryStatus = (typeof RECOVERY_STATUSES)[number];
export type RecoveryAction = "confirm" | "cancel";

/**
 * Row actions by status (spec 002 §2.8): accepted offers confirm and cancel, processing cancel
 * only; active is labelled accepted but, as the spec lists it among the no-action statuses, offers
 * nothing; every other status offers nothing.
 */
export function recoveryActions(status: string): RecoveryAction[] {
  if (status === "accepted") return ["confirm", "cancel"];
  if (status === "processing") return ["cancel"];
  return [];
}

/** A request whose job may still change it: the table is read again while one is shown. */
export const recoveryMoving = (requests: readonly { status: string }[]): boolean =>
  requests.some((r) => r.status === "processing");

export const dumpsMoving = (dumps: readonly { status: string }[]): boolean =>
  dumps.some((d) => d.status === "processing");

/** How often a list with moving rows is read again. */
export const FIELD_TOOLS_REFRESH_MS = 2000;

export const mayConfirmRecovery = (status: string): boolean => recoveryActions(status).includes("confirm");
export const mayCancelRecovery = (status: string): boolean => recoveryActions(status).includes("cancel");

/** The status as the table shows it: active reads as accepted (spec 002 §4). */
export function recoveryStatusLabel(status: string): string {
  const shown = status === "active" ? "accepted" : status;
  return shown
    .split("_")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** What became of one RSID of a request (the report's Status column). */
export const RSID_OUTCOMES = [
  "pending",
  "recovered",
  "completed",
  "not_found",
  "already_recovered",
  "already_submitted",
  "other_sub_project",
  "cancelled",
] as const;
export type RsidOutcome = (typeof RSID_OUTCOMES)[number];

export const RSID_OUTCOME_LABEL: Record<RsidOutcome, string> = {
  pending: "Pending",
  recovered: "Recovered",
  completed: "Completed",
  not_found: "Not found in dumps",
  already_recovered: "Already recovered",
  already_submitted: "Already submitted",
  other_sub_project: "Belongs to another sub-project",
  cancelled: "Cancelled",
};

export const RECOVERY_REPORT_COLUMNS = [
  "User",
  "Project Name",
  "Sub-Project Name",
  "Auditor Name",
  "Date Uploaded",
  "RSID",
  "Status",
] as const;

/** One CSV field: quoted when it holds a comma, quote or line break; a leading formula sign is defused. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLines = (rows: readonly (readonly string[])[]): string =>
  `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;

// --- API shapes (spec 002 §3) ---

/** One choice of a list (`NamedList`): a record's id, of the kind it names, and its name. */
export type Named<Id extends number = number> = { readonly id: Id; readonly name: string };

export const RecoveryRequest = Schema.Struct({
  id: RecoveryRequestId,
  user: Schema.String,
  project: Schema.String,
  sub_project: Schema.String,
  auditor: Schema.String,
  date_uploaded: Schema.String,
  status: Schema.String,
  rsid_list: Schema.Array(Schema.String),
  found_records: Schema.Number,
  recovered_records: Schema.Number,
  /** RSIDs the job has dealt with so far: the progress of a running recovery. */
  handled_records: Schema.Number,
  created: Schema.String,
});
export type RecoveryRequest = typeof RecoveryRequest.Type;
export const RecoveryRequestList = paginated(RecoveryRequest);
export type RecoveryRequestList = typeof RecoveryRequestList.Type;

export const Detail = Schema.Struct({ detail: Schema.String });

export const DUMP_STATUSES = ["processing", "completed", "failed"] as const;
export type DumpStatus = (typeof DUMP_STATUSES)[number];

export const FieldAppDump = Schema.Struct({
  id: FieldAppDumpId,
  created_by: Schema.Struct({ name: Schema.String }),
  field_app_user: Schema.Struct({ name: Schema.String }),
  status: Schema.String,
  uploaded_file: Schema.String,
  file_name: Schema.String,
  message: Schema.NullOr(Schema.String),
  record_count: Schema.Number,
  created: Schema.String,
});
export type FieldAppDump = typeof FieldAppDump.Type;
export const FieldAppDumpList = Schema.Struct({
  results: Schema.Array(FieldAppDump),
  count: Schema.Number,
});
export type FieldAppDumpList = typeof FieldAppDumpList.Type;

export const dumpStatusLabel = (status: string): string => status.charAt(0).toUpperCase() + status.slice(1);

// --- The field app dump format (docs/field-tools.md) ---

export const DUMP_FORMAT = "retailscan-field-app-dump";
export const DUMP_VERSION = 1;

export type DumpImage = { content_type: string; data_base64: string };
export type DumpAnswer = {
  question_group: string;
  question: string;
  single_input: string | null;
  multiple_answers_input: string[];
  images: DumpImage[];
};
export type DumpOutlet = {
  name: string;
  owner_name: string;
  address: string;
  pin: string;
  city_id: number;
  territory_id: number;
  phone: string;
  pan: string;
  gst: string;
  ifsc: string;
  account_number: string;
};
export type DumpSurvey = {
  rsid: string;
  sub_project: string;
  survey_date: string;
  outlet: DumpOutlet;
  answers: DumpAnswer[];
};
export type FieldAppDumpFile = { field_app_user: { mobile: string }; surveys: DumpSurvey[] };

export type DumpRead = { ok: true; dump: FieldAppDumpFile } | { ok: false; error: string };

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 500): v is string =>
  typeof v === "string" && v.length <= max && !v.includes("\0");

function readOutlet(v: unknown, where: string): DumpOutlet | string {
  if (!isRecord(v)) return `${where}.outlet is missing`;
  const keys = [
    "name",
    "owner_name",
    "address",
    "pin",
    "phone",
    "pan",
    "gst",
    "ifsc",
    "account_number",
  ] as const;
  for (const key of keys) if (!text(v[key]) || v[key] === "") return `${where}.outlet.${key} is not a text`;
  for (const key of ["city_id", "territory_id"] as const)
    if (!Number.isInteger(v[key]) || (v[key] as number) < 1) return `${where}.outlet.${key} is not an id`;
  return v as unknown as DumpOutlet;
}

function readAnswer(v: unknown, where: string): DumpAnswer | string {
  if (!isRecord(v)) return `${where} is not an object`;
  if (!text(v.question_group) || !text(v.question)) return `${where} does not name its question`;
  if (v.single_input !== undefined && v.single_input !== null && !text(v.single_input, 10_000))
    return `${where}.single_input is not a text`;
  const multiple = v.multiple_answers_input ?? [];
  if (!Array.isArray(multiple) || multiple.some((m) => !text(m)))
    return `${where}.multiple_answers_input is not a list of texts`;
  const images = v.images ?? [];
  if (!Array.isArray(images)) return `${where}.images is not a list`;
  for (const [i, image] of images.entries()) {
    if (
      !isRecord(image) ||
      !IMAGE_TYPES.has(String(image.content_type)) ||
      !text(image.data_base64, MAX_DUMP_BYTES)
    )
      return `${where}.images[${i}] is not a JPEG, PNG or WebP image in base64`;
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(image.data_base64 as string))
      return `${where}.images[${i}] is not base64`;
  }
  return {
    question_group: v.question_group,
    question: v.question,
    single_input: (v.single_input as string | null | undefined) ?? null,
    multiple_answers_input: multiple as string[],
    images: images as DumpImage[],
  };
}

function readSurvey(v: unknown, where: string): DumpSurvey | string {
  if (!isRecord(v)) return `${where} is not an object`;
  if (!text(v.rsid) || !RSID_PATTERN.test(v.rsid)) return `${where}.rsid is not an RSID`;
  if (!text(v.sub_project) || v.sub_project === "") return `${where}.sub_project is missing`;
  if (!text(v.survey_date) || !isIsoDate(v.survey_date))
    return `${where}.survey_date is not a date (YYYY-MM-DD)`;
  const outlet = readOutlet(v.outlet, where);
  if (typeof outlet === "string") return outlet;
  if (!Array.isArray(v.answers)) return `${where}.answers is not a list`;
  const answers: DumpAnswer[] = [];
  for (const [i, a] of v.answers.entries()) {
    const answer = readAnswer(a, `${where}.answers[${i}]`);
    if (typeof answer === "string") return answer;
    answers.push(answer);
  }
  return {
    rsid: v.rsid.toUpperCase(),
    sub_project: v.sub_project,
    survey_date: v.survey_date,
    outlet,
    answers,
  };
}

export type DumpOpened =
  | { ok: true; mobile: string; surveys: readonly unknown[] }
  | { ok: false; error: string };
export type DumpSurveysRead = { ok: true; surveys: DumpSurvey[] } | { ok: false; error: string };

/**
 * Opens a field app dump: JSON text of the documented format, belonging to the expected field app
 * user (by mobile), with its surveys still unread. Each failure is named: wrong format or user.
 */
export function openFieldAppDump(json: string, expectedMobile: string): DumpOpened {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, error: DUMP_MSG.notJson };
  }
  if (!isRecord(value) || value.format !== DUMP_FORMAT || value.version !== DUMP_VERSION)
    return { ok: false, error: DUMP_MSG.wrongFormat };
  const user = value.field_app_user;
  if (!isRecord(user) || !text(user.mobile))
    return { ok: false, error: `${DUMP_MSG.corrupt}field_app_user.mobile is missing` };
  if (user.mobile !== expectedMobile) return { ok: false, error: DUMP_MSG.wrongUser };
  if (!Array.isArray(value.surveys)) return { ok: false, error: `${DUMP_MSG.corrupt}surveys is not a list` };
  return { ok: true, mobile: user.mobile, surveys: value.surveys };
}

/**
 * Reads the surveys of an opened dump from place `from` up to `to`, so a large dump can be read in
 * steps; the first corrupt record is named by its place in the whole dump.
 */
export function readDumpSurveys(all: readonly unknown[], from = 0, to = all.length): DumpSurveysRead {
  const surveys: DumpSurvey[] = [];
  for (let i = from; i < Math.min(to, all.length); i++) {
    const survey = readSurvey(all[i], `surveys[${i}]`);
    if (typeof survey === "string") return { ok: false, error: `${DUMP_MSG.corrupt}${survey}` };
    surveys.push(survey);
  }
  return { ok: true, surveys };
}

/** Reads a whole field app dump at once (the demo data's small dumps): opened, then every survey. */
export function readFieldAppDump(json: string, expectedMobile: string): DumpRead {
  const opened = openFieldAppDump(json, expectedMobile);
  if (!opened.ok) return opened;
  const read = readDumpSurveys(opened.surveys);
  if (!read.ok) return read;
  return { ok: true, dump: { field_app_user: { mobile: opened.mobile }, surveys: read.surveys } };
}
