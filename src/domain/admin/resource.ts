/**
 * The declarative resource layer (docs/admin.md): one definition per administered entity says its
 * fields (each with the Effect Schema that decodes it), list columns, search, order and filter
 * keys, the organisation it belongs to, who may read and write it, and its catalogue routes. The
 * form, the API decoder and the server's validation all decode with the same schemas; the server
 * builds its SQL from the same definition.
 */
import { Schema } from "effect";
import { ResourceRecordId } from "../api/ids";
import {
  type ChosenFile,
  type FileRule,
  fileKeepsRule,
  fileRuleMessage,
  isChosenFile,
  isStoredFile,
  type StoredFileValue,
} from "../shared/fileField";
import { inSentence, isIsoDate } from "../shared/format";
import { addFieldError, type FieldErrors, MAX_ROW_ID, NULL_CHARACTER, tooLong } from "../shared/requestInput";
import { BLANK, decodeFields, NOT_A_NUMBER, REQUIRED, valueProblems } from "../shared/schemaErrors";
import { MONEY_DECIMALS, TOO_MANY_DECIMALS } from "../shared/validation";

export const NOT_A_DATE = "Enter a date as YYYY-MM-DD.";

/** How a value is entered and shown. */
export type Widget =
  | "text"
  | "textarea"
  | "number"
  | "toggle"
  | "date"
  | "choice"
  | "reference"
  | "references"
  | "secret"
  | "file";

/** A value as the form holds it and the API carries it (a file: the stored one, or one just chosen). */
export type FieldValue = string | number | boolean | null | readonly number[] | StoredFileValue | ChosenFile;
export type Values = Readonly<Record<string, FieldValue>>;

/** A many-to-many field's link table: rows of (own, other). */
export type Through = { readonly table: string; readonly own: string; readonly other: string };

/** A rule a chosen set must keep besides its shape, checked by the server against the caller. */
export type GrantRule = "heldPermissions" | "grantableRoles";

export type FieldSpec = {
  readonly label: string;
  readonly widget: Widget;
  /** Decodes the value as the form and the API carry it. */
  readonly schema: Schema.Top;
  readonly required: boolean;
  /** The table column; the field key when absent. A many-to-many field has none. */
  readonly column?: string;
  /** reference / references: the resource chosen from. */
  readonly references?: string;
  readonly through?: Through;
  readonly grant?: GrantRule;
  readonly choices?: readonly string[];
  /** choice: how a stored choice reads on screen (the catalogue's label); the value itself unless given. */
  readonly choiceLabel?: (value: string) => string;
  /** No two records of the same organisation (or at all, for global resources) share it, in any case. */
  readonly unique?: boolean;
  /** secret: the column that records when it was last set. */
  readonly setAtColumn?: string;
  /** Set from the page's organisation, not typed. */
  readonly fromParent?: boolean;
  /**
   * reference: a row under the same parent record as this one (a scoring parameter's question of the
   * same sub-project): the form offers only those, and the server refuses any other.
   */
  readonly underParent?: boolean;
  /** A new record's value when it is not the widget's blank. */
  readonly initial?: FieldValue;
  /** file: the types it accepts, told by content, and its size limit. */
  readonly file?: FileRule;
};

/** No NUL character (the database refuses them in text). */
const noNul = Schema.makeFilter((s: string) => !s.includes(String.fromCharCode(0)), {
  message: NULL_CHARACTER,
});

type TextOptions = {
  max?: number;
  required?: boolean;
  unique?: boolean;
  pattern?: RegExp;
  patternMessage?: string;
};

/**
 * Something a reader can see: a character that is neither white space nor an invisible format
 * character (a zero-width space, a direction mark), so a required name is never blank to the eye.
 */
const visible = Schema.makeFilter((s: string) => /[^\s\p{Cf}]/u.test(s), { message: BLANK });

function textSchema(max: number, required: boolean, pattern?: RegExp, patternMessage?: string) {
  const checks = [
    noNul,
    Schema.isMaxLength(max, { message: tooLong(max) }),
    ...(required ? [visible] : []),
    ...(pattern ? [Schema.isPattern(pattern, { message: patternMessage ?? "Enter a valid value." })] : []),
  ] as const;
  return Schema.Trim.check(...(checks as unknown as [ReturnType<typeof Schema.isMaxLength>]));
}

export const text = (label: string, o: TextOptions = {}): FieldSpec => ({
  label,
  widget: "text",
  schema: textSchema(o.max ?? 200, o.required ?? true, o.pattern, o.patternMessage),
  required: o.required ?? true,
  unique: o.unique ?? false,
});

export const textarea = (label: string, o: { max?: number; required?: boolean } = {}): FieldSpec => ({
  label,
  widget: "textarea",
  schema: textSchema(o.max ?? 2000, o.required ?? false),
  required: o.required ?? false,
});

/**
 * A password the server hashes; never read back. Required on create, blank keeps it on update. A
 * form that stores nothing (the password change) names no column.
 */
export const secret = (label: string, stored?: { column: string; setAtColumn: string }): FieldSpec => ({
  label,
  widget: "secret",
  schema: Schema.String.check(noNul, Schema.isMaxLength(256, { message: tooLong(256) })),
  required: false,
  ...(stored ?? {}),
});

const finite = (min: number, max: number) =>
  Schema.Number.check(
    Schema.isFinite({ message: NOT_A_NUMBER }),
    Schema.isBetween({ minimum: min, maximum: max }, { message: `Enter a number from ${min} to ${max}.` }),
  );

/** An amount of money keeps at most its two decimals: the column would round the rest away. */
const money = Schema.makeFilter((n: number) => Number(n.toFixed(MONEY_DECIMALS)) === n, {
  message: TOO_MANY_DECIMALS,
});

export const number = (
  label: string,
  o: { min?: number; max?: number; required?: boolean; money?: boolean } = {},
): FieldSpec => {
  const bounded = finite(o.min ?? 0, o.max ?? 1_000_000_000);
  const schema = o.money ? bounded.check(money) : bounded;
  return {
    label,
    widget: "number",
    schema: (o.required ?? true) ? schema : Schema.NullOr(schema),
    required: o.required ?? true,
  };
};

export const toggle = (label: string, o: { initial?: boolean } = {}): FieldSpec => ({
  label,
  widget: "toggle",
  schema: Schema.Boolean,
  required: false,
  initial: o.initial ?? false,
});

const IsoDate = Schema.String.check(Schema.makeFilter(isIsoDate, { message: NOT_A_DATE }));

export const date = (label: string, o: { required?: boolean } = {}): FieldSpec => ({
  label,
  widget: "date",
  schema: (o.required ?? true) ? IsoDate : Schema.NullOr(IsoDate),
  required: o.required ?? true,
});

export const choice = (
  label: string,
  choices: readonly string[],
  o: { required?: boolean; labelOf?: (value: string) => string } = {},
): FieldSpec => {
  const schema = Schema.Literals(choices as [string, ...string[]]);
  return {
    label,
    widget: "choice",
    schema: (o.required ?? true) ? schema : Schema.NullOr(schema),
    required: o.required ?? true,
    choices,
    ...(o.labelOf ? { choiceLabel: o.labelOf } : {}),
  };
};

const RowId = Schema.Number.check(
  Schema.isInt({ message: REQUIRED }),
  Schema.isBetween({ minimum: 1, maximum: MAX_ROW_ID }, { message: REQUIRED }),
);

/** A row of another resource, stored in its own column (`<key>_id` unless told). */
export const reference = (
  label: string,
  resource: string,
  o: { required?: boolean; column?: string; fromParent?: boolean; underParent?: boolean } = {},
): FieldSpec => ({
  label,
  widget: "reference",
  schema: (o.required ?? true) ? RowId : Schema.NullOr(RowId),
  required: o.required ?? true,
  references: resource,
  ...(o.column ? { column: o.column } : {}),
  ...(o.fromParent ? { fromParent: true } : {}),
  ...(o.underParent ? { underParent: true } : {}),
});

/** Rows of another resource, linked through a table. */
export const references = (
  label: string,
  resource: string,
  through: Through,
  o: { grant?: GrantRule; min?: number } = {},
): FieldSpec => ({
  label,
  widget: "references",
  schema: Schema.Array(RowId).check(
    Schema.isMaxLength(500, { message: "Choose at most 500." }),
    Schema.isMinLength(o.min ?? 0, { message: "Choose at least one." }),
  ),
  required: (o.min ?? 0) > 0,
  references: resource,
  through,
  ...(o.grant ? { grant: o.grant } : {}),
});

/**
 * A file stored with the record (in its `<key>_file_id` column): empty, the stored file sent back
 * to keep it, or a chosen file whose content is one of the accepted types within the size limit.
 */
export const file = (label: string, rule: FileRule, o: { required?: boolean } = {}): FieldSpec => {
  const required = o.required ?? false;
  const message = fileRuleMessage(label, rule);
  const keeps = Schema.makeFilter((value: unknown) => {
    if (value === null || value === undefined) return required ? REQUIRED : true;
    if (isChosenFile(value)) return fileKeepsRule(rule, value) || message;
    return isStoredFile(value) || message;
  });
  return { label, widget: "file", schema: Schema.Unknown.check(keeps), required, file: rule };
};

/** The organisation a record belongs to: the page's own on organisation pages, chosen elsewhere. */
export const organisationField = (o: { fromParent?: boolean } = {}) =>
  reference("Organisation", "organisations", { column: "organisation_id", ...o });

/** How the catalogue's routes name a record: its id, or a slug, name or user name column. */
export type AddressBy = "id" | "slug" | "name" | "username";

export type ResourceRoutes = {
  readonly list?: string;
  readonly create?: string;
  readonly update?: string;
  readonly view?: string;
  /** The record's own screen outside the layer, which a list's names open instead of the view (a hub). */
  readonly open?: string;
  /** Where a form goes back to when the resource has no list of the layer (the project cards). */
  readonly home?: string;
};

/**
 * A table outside the resource layer that refers to a resource's rows (outlets to their city), or,
 * with `through`, refers to rows of a link table that refers to it (outlets to a user through the
 * retailer rows that hold the user's id).
 */
export type Usage = {
  readonly table: string;
  readonly column: string;
  readonly label: string;
  readonly through?: { readonly table: string; readonly own: string; readonly other: string };
};

export type ResourceDefinition = {
  /** The API segment and registry key: /api/admin/{name}/. */
  readonly name: string;
  readonly noun: string;
  readonly plural: string;
  readonly table: string;
  /** Field key to spec, in form order. */
  readonly fields: Readonly<Record<string, FieldSpec>>;
  /** The field that names a record in lists, options and messages. */
  readonly titleField: string;
  readonly addressBy: AddressBy;
  /** addressBy "slug": the field the slug is made from when the record is created. */
  readonly slugFrom?: string;
  /** "organisation": rows carry organisation_id and a client user sees only its own. */
  readonly scope: "organisation" | "global";
  /**
   * Unique fields are unique per organisation for organisation resources, else across all rows;
   * this reference field narrows it further (a city's name is unique within its state).
   */
  readonly uniqueWithin?: string;
  readonly columns: readonly string[];
  readonly searchKeys: readonly string[];
  /**
   * A stored column holding the search keys' text in lower case (a generated column), searched with
   * one LIKE instead of an ILIKE per key and row: for large tables (the users).
   */
  readonly searchColumn?: string;
  readonly orderKeys: readonly string[];
  /** Field keys offered as list filters (reference, choice and toggle fields). */
  readonly filters: readonly string[];
  /** Permissions of which one lets a user read, and write. Admins hold every permission. */
  readonly read: readonly string[];
  readonly write: readonly string[];
  readonly routes: ResourceRoutes;
  /**
   * The query parameter naming the record when the update route's path has none (the catalogue's
   * invoice-details/template-update): `?template=7` edits record 7, no parameter adds one.
   */
  readonly addressQuery?: string;
  /**
   * The query parameter that opens the form on the list's own page, when the catalogue names no form
   * route (a sub-project's logic score lists): `?group=7` edits record 7, `?group=new` adds one.
   */
  readonly formQuery?: string;
  readonly usedBy?: readonly Usage[];
  /** Pages a list links to beside its own (the other lists of its area, its uploads). */
  readonly related?: readonly { readonly label: string; readonly path: string }[];
  /** Read-only resources (permissions) offer lists and options but no writes. */
  readonly writable?: boolean;
  /**
   * Read and written by the internal organisation's users only, whatever permission a client's user
   * holds: a sub-project's invoice and SKU setup is the internal project team's work.
   */
  readonly internalOnly?: boolean;
  /**
   * The record a page is under, besides an organisation's pages: its routes carry the parent's
   * address in `param`, and `field` (a reference to the parent's resource) is filled in from it.
   */
  readonly parent?: { readonly field: string; readonly param: string };
  /** Where a stored file of its file fields is served: from the record's address, the field and the file's id. */
  readonly fileUrl?: (address: string, field: string, fileId: number) => string;
  /** Rules between fields (an end date not before the start), checked after each field's own. */
  readonly crossCheck?: (values: Readonly<Record<string, unknown>>) => FieldErrors;
};

/** The `formQuery` value that opens the form for a new record. */
export const NEW_RECORD = "new";

export const isWritable = (def: ResourceDefinition): boolean => def.writable !== false;

export const END_BEFORE_START = "The end date must not be before the start date.";

/** A cross check: the end date is on or after the start (dates as YYYY-MM-DD compare as text). */
export const endNotBeforeStart =
  (startKey: string, endKey: string) =>
  (values: Readonly<Record<string, unknown>>): FieldErrors => {
    const start = values[startKey];
    const end = values[endKey];
    return typeof start === "string" && typeof end === "string" && end < start
      ? { [endKey]: [END_BEFORE_START] }
      : {};
  };

/** Whether a user holding these permissions may change the resource's records. */
export const mayWrite = (def: ResourceDefinition, permissions: readonly string[]): boolean =>
  isWritable(def) && def.write.some((p) => permissions.includes(p));

/** The fields a form edits and a write carries: every field but the secret ones on reads. */
export const fieldKeys = (def: ResourceDefinition): string[] => Object.keys(def.fields);

const blankOf = (field: FieldSpec): FieldValue => {
  if (field.initial !== undefined) return field.initial;
  switch (field.widget) {
    case "toggle":
      return false;
    case "references":
      return [];
    case "text":
    case "textarea":
    case "secret":
      return "";
    default:
      return null;
  }
};

/** A new record's values: blanks, toggles off, with the given ones (the page's organisation) set. */
export function blankValues(def: ResourceDefinition, given: Values = {}): Values {
  const values: Record<string, FieldValue> = {};
  for (const [key, field] of Object.entries(def.fields)) {
    values[key] = Object.hasOwn(given, key) ? given[key]! : blankOf(field);
  }
  return values;
}

/** A loaded record's values for its form; secrets start blank. */
export function valuesOf(def: ResourceDefinition, record: Readonly<Record<string, unknown>>): Values {
  const values: Record<string, FieldValue> = {};
  for (const [key, field] of Object.entries(def.fields)) {
    const raw = Object.hasOwn(record, key) ? record[key] : undefined;
    values[key] = field.widget === "secret" || raw === undefined ? blankOf(field) : (raw as FieldValue);
  }
  return values;
}

export type Decoded = { ok: true; values: Record<string, unknown> } | { ok: false; errors: FieldErrors };

const structs = new WeakMap<ResourceDefinition, Schema.Top>();

/** The definition's fields as one Effect struct: what the form, the client and the server decode with. */
export function resourceSchema(def: ResourceDefinition): Schema.Top {
  const cached = structs.get(def);
  if (cached) return cached;
  const struct = Schema.Struct(Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [k, f.schema])));
  structs.set(def, struct);
  return struct;
}

/**
 * Decodes a record's values with the definition's schema: the decoded values (texts trimmed), or
 * every field's problems at once. Secret fields may be left blank on update (`creating` false).
 */
export function decodeValues(def: ResourceDefinition, raw: unknown, creating: boolean): Decoded {
  const decoded = decodeFields(resourceSchema(def), raw);
  if (!decoded.ok) return decoded;
  const values = decoded.value as Record<string, unknown>;
  const errors: FieldErrors = {};
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.widget === "secret" && creating && values[key] === "") addFieldError(errors, key, REQUIRED);
  }
  for (const [key, lines] of Object.entries(def.crossCheck?.(values) ?? {}))
    for (const line of lines) addFieldError(errors, key, line);
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

/** One field's problems with a value, as the form shows them under it (a file just chosen). */
export function fieldProblems(field: FieldSpec, raw: unknown): string[] {
  return valueProblems(field.schema, raw);
}

export const hasFieldErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

// --- Messages ---

export const duplicateValue = (def: ResourceDefinition, field: string): string =>
  `A ${inSentence(def.noun)} with this ${def.fields[field] ? inSentence(def.fields[field].label) : field} already exists.`;

export const versionConflict = (def: ResourceDefinition): string =>
  `This ${inSentence(def.noun)} was changed by someone else after you opened it. Reload it to see the changes, then edit again.`;

export const missingReference = (field: FieldSpec): string =>
  `Choose a ${inSentence(field.label)} that exists in this organisation.`;

/** A reference under the record's own parent named a row of another (a question of another sub-project). */
export const missingUnderParent = (field: FieldSpec, parentNoun: string): string =>
  `Choose a ${inSentence(field.label)} of this ${inSentence(parentNoun)}.`;

/** Usages counted by the server, e.g. [{ label: "zones", count: 2 }]. */
export type UsageCount = { readonly label: string; readonly count: number };

/** "This region is used by 2 zones and 130 outlets, so it cannot be deleted." */
export function inUse(def: ResourceDefinition, usages: readonly UsageCount[]): string {
  const parts = usages.filter((u) => u.count > 0).map((u) => `${u.count} ${u.label}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");
  return `This ${inSentence(def.noun)} is used by ${list}, so it cannot be deleted.`;
}

export const usedElsewhere = (def: ResourceDefinition): string =>
  `This ${inSentence(def.noun)} is used by other records, so it cannot be deleted.`;

export const notGrantablePermission = (name: string): string =>
  `You may not grant the permission ${name}: you do not hold it.`;

/** A role or user may be given only what the one giving it holds. */
export const mayGrantPermissions = (held: ReadonlySet<string>, chosen: readonly string[]): string[] =>
  chosen.filter((p) => !held.has(p));

/**
 * A record that holds permissions (a role, a user through their roles) is changed or deleted only by
 * someone holding all of them: otherwise a lesser user could take over a stronger account by its
 * email, or strip a stronger role.
 */
export const notChangeable = (def: ResourceDefinition): string =>
  `You may not change this ${inSentence(def.noun)}: it holds permissions you do not have.`;

/** The slug a record is addressed by: lower case words joined by dashes. */
export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80) || "item";

/** A record's title as lists and messages show it. */
export const titleOf = (def: ResourceDefinition, record: Readonly<Record<string, unknown>>): string =>
  String(record[def.titleField] ?? "");

// --- What the API answers ---

/** One record as the API gives it: its values by field key, and the names of what it refers to. */
export const ResourceRecord = Schema.Struct({
  id: ResourceRecordId,
  version: Schema.Number,
  /** What the catalogue's routes name it by (id, slug, name or user name). */
  address: Schema.String,
  values: Schema.Record(Schema.String, Schema.Unknown),
  /** Reference fields' titles: a text for one, a list for many. */
  labels: Schema.Record(Schema.String, Schema.Unknown),
  modified_at: Schema.NullOr(Schema.String),
  modified_by: Schema.NullOr(Schema.String),
});
export type ResourceRecord = typeof ResourceRecord.Type;

export const ResourcePage = Schema.Struct({
  results: Schema.Array(ResourceRecord),
  count: Schema.Number,
  previous: Schema.NullOr(Schema.String),
  next: Schema.NullOr(Schema.String),
  current_page_number: Schema.Number,
  page_size: Schema.Number,
});
export type ResourcePage = typeof ResourcePage.Type;

export const ResourceOption = Schema.Struct({ id: ResourceRecordId, label: Schema.String });
export const ResourceOptions = Schema.Array(ResourceOption);
export type ResourceOption = typeof ResourceOption.Type;

/** A list column's text for a record: a reference's title, a list's titles, a toggle as Yes/No. */
/** A stored choice as the screen shows it: its catalogue label where the field has one. */
export const choiceText = (field: FieldSpec, value: string): string => field.choiceLabel?.(value) ?? value;

export function cellText(def: ResourceDefinition, record: ResourceRecord, key: string): string {
  const field = def.fields[key];
  const label = Object.hasOwn(record.labels, key) ? record.labels[key] : undefined;
  if (Array.isArray(label)) return label.join(", ");
  if (typeof label === "string") return label;
  const value = Object.hasOwn(record.values, key) ? record.values[key] : undefined;
  if (field?.widget === "toggle") return value ? "Yes" : "No";
  if (isStoredFile(value)) return value.name;
  if (field?.widget === "choice" && typeof value === "string") return choiceText(field, value);
  return value === null || value === undefined ? "" : String(value);
}

export const LIST_LOAD_FAILED = "The list could not be loaded. Check your connection and try again.";
export const RECORD_LOAD_FAILED = "This record could not be loaded. Check your connection and try again.";
export const SAVE_FAILED = "The changes could not be saved. Check your connection and try again.";
export const DELETE_FAILED = "The record could not be deleted. Check your connection and try again.";

export const recordDeleted = (def: ResourceDefinition, title: string): string =>
  `${def.noun} ${title} was deleted.`;
export const recordSaved = (def: ResourceDefinition, title: string): string =>
  `${def.noun} ${title} was saved.`;

/** What a save came to: saved, refused with field lines (400), or refused because the record changed (409). */
export type SaveOutcome =
  | { readonly type: "saved"; readonly record: ResourceRecord | null; readonly detail: string | null }
  | { readonly type: "invalid"; readonly fieldErrors: FieldLines; readonly detail: string | null }
  | { readonly type: "conflict"; readonly detail: string };

/** Field lines as forms hold them (a 400 body's, or the schema's). */
export type FieldLines = Readonly<Record<string, readonly string[]>>;

/** What a delete came to: deleted, or refused with the server's reason (in use, gone). */
export type DeleteOutcome =
  | { readonly type: "deleted" }
  | { readonly type: "refused"; readonly detail: string };
