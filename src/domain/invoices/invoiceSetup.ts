/**
 * A sub-project's invoice setup (000 §2.1 assign-invoice-sku; 001 §3 invoice header definition;
 * 002 §3 assigned_sku_template_field, §5 SKU grid, §7 SKU list): the template or the ordered header
 * list its invoices ask, the fields each SKU row is entered with, and its SKU list. The SKU grid's
 * field rules are here, one function each, for the setup screens, the SKU editing slider and the
 * server alike. Messages in quotes in §5 are kept word for word; where §5 names none (a value that
 * is not a number, a choice not offered, a bound crossed) the message follows its style.
 */
import { Schema } from "effect";
import { SET_UP_PROJECTS } from "../admin/resources/projects";
import { InvoiceHeaderId, SkuTemplateId, SubProjectSkuId } from "../api/ids";
import { CHOICE_SEPARATOR, splitChoices } from "../shared/choices";
import { isIsoDate } from "../shared/format";

// --- §3 the SKU template field ---

/** The SKU template field types: the header catalogue's entry types, with `time` (002 §5). */
export const SKU_FIELD_TYPES = ["text", "number", "date", "time", "dropdown"] as const;
export type SkuFieldType = (typeof SKU_FIELD_TYPES)[number];

/** A SKU template field as the grid reads it (002 §3: id, name, type, validations, is_mandatory). */
export type SkuFieldValidations = {
  readonly min_length?: number | null;
  readonly max_length?: number | null;
  readonly lower_limit?: number | null;
  readonly upper_limit?: number | null;
  readonly allow_decimals?: boolean;
  readonly greater_than?: string;
  readonly lower_than?: string;
  readonly choices?: string;
};
export type SkuTemplateField = {
  readonly id: number;
  readonly name: string;
  readonly type: SkuFieldType;
  readonly validations: SkuFieldValidations;
  readonly is_mandatory: boolean;
};

/** A time of day as the grid writes it: 24-hour HH:MM. */
export const isTimeOfDay = (text: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

const isBound = (type: SkuFieldType, text: string): boolean =>
  type === "date" ? isIsoDate(text) : type === "time" ? isTimeOfDay(text) : false;

// --- §5 the SKU grid's field rules ---

export const SKU_NAME_EMPTY = "SKU Name cannot be empty.";
export const emptyField = (name: string) => `${name} cannot be empty`;
export const tooShort = (name: string, n: number) => `${name} must be at least ${n} characters`;
export const tooLong = (name: string, n: number) => `${name} must not exceed ${n} characters`;
export const notANumber = (name: string) => `${name} must be a valid number`;
export const belowLowerLimit = (name: string, n: number) => `${name} must be at least ${n}`;
export const aboveUpperLimit = (name: string, n: number) => `${name} must be at most ${n}`;
export const notWhole = (name: string) => `${name} must be a whole number`;
export const notAChoice = (name: string, choices: readonly string[]) =>
  `${name} must be one of: ${choices.join(`${CHOICE_SEPARATOR} `)}`;
export const invalidDate = (name: string) => `${name} must be a valid date`;
export const invalidTime = (name: string) => `${name} must be a valid time (HH:MM)`;
export const notBefore = (name: string, bound: string) => `${name} must be before ${bound}`;
export const notAfter = (name: string, bound: string) => `${name} must be after ${bound}`;
export const skuNotListed = (sku: string) => `${sku} is not in the sub-project's SKU list`;

/** §5: a SKU row names a SKU; one not in the sub-project's SKU list is flagged. */
export function skuNameProblem(name: string, listed: readonly string[]): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return SKU_NAME_EMPTY;
  const wanted = trimmed.toLowerCase();
  return listed.some((s) => s.trim().toLowerCase() === wanted) ? null : skuNotListed(trimmed);
}

/** §5 text: min_length and max_length. */
export function textProblem(name: string, value: string, v: SkuFieldValidations): string | null {
  if (v.min_length != null && value.length < v.min_length) return tooShort(name, v.min_length);
  if (v.max_length != null && value.length > v.max_length) return tooLong(name, v.max_length);
  return null;
}

/** §5 number: a valid number, at least lower_limit, at most upper_limit, whole unless allow_decimals. */
export function numberProblem(name: string, value: string, v: SkuFieldValidations): string | null {
  const n = value.trim() === "" ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) return notANumber(name);
  if (v.lower_limit != null && n < v.lower_limit) return belowLowerLimit(name, v.lower_limit);
  if (v.upper_limit != null && n > v.upper_limit) return aboveUpperLimit(name, v.upper_limit);
  if (!v.allow_decimals && !Number.isInteger(n)) return notWhole(name);
  return null;
}

/** §5 dropdown: one of the semicolon-separated choices. */
export function dropdownProblem(name: string, value: string, v: SkuFieldValidations): string | null {
  const choices = splitChoices(v.choices);
  return choices.includes(value.trim()) ? null : notAChoice(name, choices);
}

/**
 * §5 date and time: valid, earlier than lower_than and later than greater_than, both strict. ISO
 * dates and HH:MM times order as text, so the bounds compare as written.
 */
export function momentProblem(
  name: string,
  type: "date" | "time",
  value: string,
  v: SkuFieldValidations,
): string | null {
  if (!isBound(type, value)) return type === "date" ? invalidDate(name) : invalidTime(name);
  if (v.lower_than && !(value < v.lower_than)) return notBefore(name, v.lower_than);
  if (v.greater_than && !(value > v.greater_than)) return notAfter(name, v.greater_than);
  return null;
}

/** One SKU grid cell: empty is refused only when mandatory; a value is checked by its type's rule. */
export function skuFieldProblem(field: SkuTemplateField, value: string): string | null {
  if (value.trim() === "") return field.is_mandatory ? emptyField(field.name) : null;
  const v = field.validations;
  switch (field.type) {
    case "text":
      return textProblem(field.name, value, v);
    case "number":
      return numberProblem(field.name, value, v);
    case "dropdown":
      return dropdownProblem(field.name, value, v);
    case "date":
    case "time":
      return momentProblem(field.name, field.type, value.trim(), v);
  }
}

/** Every problem of one SKU row, keyed by field id ("sku" for the SKU name). */
export function skuRowProblems(
  row: { readonly sku_name: string; readonly values: Readonly<Record<number, string>> },
  fields: readonly SkuTemplateField[],
  listed: readonly string[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const sku = skuNameProblem(row.sku_name, listed);
  if (sku) problems.sku = sku;
  for (const field of fields) {
    const problem = skuFieldProblem(field, row.values[field.id] ?? "");
    if (problem) problems[String(field.id)] = problem;
  }
  return problems;
}

// --- the SKU template field's own setup ---

export const MIN_ABOVE_MAX = "The minimum length must not exceed the maximum length.";
export const LOWER_ABOVE_UPPER = "The lower limit must not exceed the upper limit.";
export const NO_CHOICES = "A dropdown needs at least one choice, separated by ;";
export const BAD_BOUND = (type: "date" | "time") =>
  type === "date" ? "Write the date as YYYY-MM-DD." : "Write the time as HH:MM (24-hour).";
export const BOUNDS_CROSSED = "The earliest value must be before the latest value.";

/**
 * What is wrong with a SKU template field's validations for its type, keyed by the validation:
 * a field that no value could pass is refused when it is set up, not when a row is entered.
 */
export function skuFieldSetupProblems(type: SkuFieldType, v: SkuFieldValidations): Record<string, string> {
  const problems: Record<string, string> = {};
  if (type === "text" && v.min_length != null && v.max_length != null && v.min_length > v.max_length)
    problems.max_length = MIN_ABOVE_MAX;
  if (type === "number" && v.lower_limit != null && v.upper_limit != null && v.lower_limit > v.upper_limit)
    problems.upper_limit = LOWER_ABOVE_UPPER;
  if (type === "dropdown" && splitChoices(v.choices).length === 0) problems.choices = NO_CHOICES;
  if (type === "date" || type === "time") {
    if (v.greater_than && !isBound(type, v.greater_than)) problems.greater_than = BAD_BOUND(type);
    if (v.lower_than && !isBound(type, v.lower_than)) problems.lower_than = BAD_BOUND(type);
    if (!problems.greater_than && !problems.lower_than && v.greater_than && v.lower_than)
      if (!(v.greater_than < v.lower_than)) problems.lower_than = BOUNDS_CROSSED;
  }
  return problems;
}

// --- the sub-project's invoice assignment ---

/** At most this many headers on one invoice: a list longer than any catalogue sensibly holds. */
export const MAX_SUB_PROJECT_HEADERS = 100;
export const TEMPLATE_OR_HEADERS = "Choose a template or at least one header, not both.";
export const HEADER_TWICE = "A header is listed twice.";
export const SETUP_CHANGED =
  "Someone else saved this sub-project's invoice setup while you were editing. Reload to see their change.";

/** What the assignment saves: the template, or the headers in order; version as it was read. */
export const InvoiceAssignment = Schema.Struct({
  version: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0)),
  template: Schema.NullOr(SkuTemplateId),
  headers: Schema.Array(InvoiceHeaderId).check(Schema.isMaxLength(MAX_SUB_PROJECT_HEADERS)),
});
export type InvoiceAssignment = typeof InvoiceAssignment.Type;

/** An assignment uses exactly one of a template and a non-empty header list, each header once. */
export function assignmentProblem(a: { template: number | null; headers: readonly number[] }): string | null {
  if ((a.template === null) === (a.headers.length === 0)) return TEMPLATE_OR_HEADERS;
  if (new Set(a.headers).size !== a.headers.length) return HEADER_TWICE;
  return null;
}

/** The ordering editor's move: the header at `from` goes to `to`, the others keep their order. */
export function moveHeader<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const moved = [...list];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item as T);
  return moved;
}

export const HeaderOption = Schema.Struct({
  id: InvoiceHeaderId,
  header: Schema.String,
  header_type: Schema.String,
  is_mandatory: Schema.Boolean,
});
export type HeaderOption = typeof HeaderOption.Type;

/** The assignment screen's read: what is saved, and what may be chosen. */
export const InvoiceSetup = Schema.Struct({
  sub_project: Schema.Struct({ slug: Schema.String, name: Schema.String }),
  version: Schema.Number,
  template: Schema.NullOr(SkuTemplateId),
  headers: Schema.Array(HeaderOption),
  templates: Schema.Array(Schema.Struct({ id: SkuTemplateId, name: Schema.String })),
  catalogue: Schema.Array(HeaderOption),
});
export type InvoiceSetup = typeof InvoiceSetup.Type;

// --- §7 the SKU list ---

export const SubProjectSku = Schema.Struct({
  id: SubProjectSkuId,
  sku: Schema.NullOr(Schema.Number),
  sku_code: Schema.NullOr(Schema.String),
  name: Schema.String,
  added_by_retailer: Schema.Boolean,
});
export type SubProjectSku = typeof SubProjectSku.Type;

// --- who sets it up ---

/**
 * Internal staff who set projects up (project managers and admins) set a sub-project's invoices up;
 * a client organisation's users, its administrator included, never change what its invoices ask.
 */
export const maySetUpInvoices = (permissions: readonly string[], internal: boolean): boolean =>
  internal && SET_UP_PROJECTS.some((p) => permissions.includes(p));

// --- the assignment screen's outcomes ---

export const SETUP_LOAD_FAILED =
  "The invoice setup could not be loaded. Check your connection and try again.";
export const SETUP_SAVE_FAILED = "The invoice setup could not be saved. Check your connection and try again.";
export const SETUP_SAVED = "Invoice setup saved.";

/** Loading the setup: found, or no sub-project the caller sees (another organisation's). */
export type SetupLoadOutcome = { type: "found"; setup: InvoiceSetup } | { type: "notFound" };
/** Saving it: saved, someone saved first (409), or refused with the server's reason (400). */
export type SetupSaveOutcome =
  | { type: "saved"; setup: InvoiceSetup }
  | { type: "conflict"; detail: string }
  | { type: "refused"; detail: string };
