/**
 * The bulk outlet status update call (spec 000 §3, §7.3): its payload, its answer, and the reading
 * of a payload the server receives into field errors (a clear 400, never a crash).
 */
import { Schema, SchemaTransformation } from "effect";
import { Listed, Text } from "../api/fields";
import { OutletId } from "../api/ids";
import { resultsOf } from "../api/paginated";
import {
  decodeRowId,
  decodeText,
  MAX_QUERY_TEXT_LENGTH,
  MAX_TEXT_LENGTH,
  NOT_A_STRING,
} from "../shared/requestInput";
import { REQUIRED } from "../shared/schemaErrors";
import { REASON_DESCRIPTION_FIELD } from "./workflowActions";

/** At most this many outlets in one bulk action: the largest table page. */
export const MAX_BULK_OUTLETS = 1000;

export const NOT_A_LIST = "Expected a list of items.";
export const NOT_AN_OBJECT = "Expected an object of fields.";
export const SELECT_ALL_UNSUPPORTED = "Only false is accepted: send the outlet ids.";
export const NO_OUTLETS = "Select at least one outlet.";
export const TOO_MANY_OUTLETS = `At most ${MAX_BULK_OUTLETS} outlets can be updated at a time.`;
/** An RSID is a short code; a chain list longer than the chain itself is refused. */
const MAX_RSID_LENGTH = 64;
const MAX_CHAIN_RSIDS = MAX_BULK_OUTLETS;

/** The refused value as sent, cut short: a line never echoes a megabyte back. */
const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};
const notAnOutletId = (id: unknown) => `${shown(id)} is not a valid outlet id.`;

/**
 * The outlets of the action: row ids, each counted once before the limit (5000 copies of one id
 * are one outlet); each id that is not one is a line, at most MAX_BULK_OUTLETS of them.
 */
const outletIdsCheck = Schema.makeFilter((ids: readonly unknown[]) => {
  const bad = new Set(ids.filter((id) => decodeRowId(id) === null).map(notAnOutletId));
  if (bad.size > 0) return [...bad].slice(0, MAX_BULK_OUTLETS);
  const distinct = new Set(ids.map(decodeRowId)).size;
  return distinct === 0 ? NO_OUTLETS : distinct <= MAX_BULK_OUTLETS || TOO_MANY_OUTLETS;
});

/** Record keys as sent, even one named __proto__; values the caller's, read by the checks. */
const Fields = (message: string) => Schema.Record(Schema.String, Schema.Unknown).annotate({ message });

/** An extra field's value: a text, or a number read as its text. */
const extraText = (value: unknown) =>
  decodeText(typeof value === "number" && Number.isFinite(value) ? String(value) : value, MAX_TEXT_LENGTH);

const versionsCheck = Schema.makeFilter(
  (versions: Readonly<Record<string, unknown>>) =>
    Object.entries(versions).every(
      ([id, version]) =>
        decodeRowId(id) !== null && typeof version === "number" && Number.isSafeInteger(version),
    ),
  { message: NOT_AN_OBJECT },
);

/** A value that may also be null, said in the value's own line when it is neither. */
const OrNull = <S extends Schema.Top>(schema: S, message: string) =>
  Schema.NullOr(schema).annotate({ message });

/** The payload as received: each field's own lines. Left out or null, the optional ones are empty. */
const Received = Schema.Struct({
  action_type: OrNull(Text(MAX_QUERY_TEXT_LENGTH), NOT_A_STRING).check(
    Schema.makeFilter((action: string | null) => (action ?? "").trim() !== "" || REQUIRED),
  ),
  object_ids: Schema.Array(Schema.Unknown).annotate({ message: NOT_A_LIST }).check(outletIdsCheck),
  extra_data: Schema.optionalKey(OrNull(Fields(NOT_AN_OBJECT), NOT_AN_OBJECT)),
  select_all: Schema.optionalKey(Schema.Literal(false).annotate({ message: SELECT_ALL_UNSUPPORTED })),
  chain_rsids: Schema.optionalKey(
    OrNull(
      Schema.Array(Text(MAX_RSID_LENGTH))
        .annotate({ message: NOT_A_LIST })
        .check(Schema.isMaxLength(MAX_CHAIN_RSIDS, { message: NOT_A_LIST })),
      NOT_A_LIST,
    ),
  ),
  object_versions: Schema.optionalKey(OrNull(Fields(NOT_AN_OBJECT).check(versionsCheck), NOT_AN_OBJECT)),
}).check(
  // An extra field's line is said under the field's own name, as the action's other checks say it.
  Schema.makeFilter(({ extra_data }) =>
    Object.entries(extra_data ?? {}).flatMap(([field, value]) => {
      const read = extraText(value);
      return read.ok ? [] : [{ path: [field], issue: read.error }];
    }),
  ),
);

/** The bulk status update (spec 000 §3, §7.3), as the modal sends it and the server acts on it. */
const Request = Schema.Struct({
  action_type: Schema.String,
  object_ids: Schema.Array(OutletId),
  extra_data: Schema.Record(Schema.String, Schema.String),
  /** Always sent false (spec 000 §7.3). */
  select_all: Schema.Literal(false),
  chain_rsids: Schema.Array(Schema.String),
  /**
   * Each outlet's version as it was listed, keyed by id: an outlet changed by someone else since is
   * reported, not overwritten.
   */
  object_versions: Schema.Record(Schema.String, Schema.Number),
});

/**
 * The bulk update's body: every field problem at once (a clear 400, never a crash), read into the
 * request with the action trimmed, each outlet and chain RSID once, and the extra fields as texts.
 */
export const BulkUpdateRequest = Received.pipe(
  Schema.decodeTo(
    Request,
    SchemaTransformation.transform<typeof Request.Encoded, typeof Received.Type>({
      decode: (received) => ({
        action_type: (received.action_type ?? "").trim(),
        object_ids: [...new Set(received.object_ids.map((id) => Number(decodeRowId(id))))],
        extra_data: Object.fromEntries(
          Object.entries(received.extra_data ?? {}).map(([field, value]) => [field, String(value)]),
        ),
        select_all: false as const,
        chain_rsids: [...new Set(received.chain_rsids ?? [])],
        object_versions: Object.fromEntries(
          Object.entries(received.object_versions ?? {}).map(([id, version]) => [
            String(decodeRowId(id)),
            Number(version),
          ]),
        ),
      }),
      encode: (request) => request,
    }),
  ),
);
export type BulkUpdateRequest = typeof BulkUpdateRequest.Type;

export const BulkUpdateResponse = Schema.Struct({ detail: Schema.String, updated: Schema.Number });
export type BulkUpdateResponse = typeof BulkUpdateResponse.Type;

export const GIVE_OUTLET_IDS = "Give one or more outlet ids.";
export const GIVE_FEWER_OUTLET_IDS = `Give at most ${MAX_BULK_OUTLETS} outlet ids.`;

/**
 * GET outlets/chain/?ids=…: the outlets of one bulk action, so the same limit holds; each once.
 * Any id that is not one is the one line of `GIVE_OUTLET_IDS`.
 */
export const ChainQuery = Schema.Struct({
  ids: Listed(Text(MAX_QUERY_TEXT_LENGTH))
    .annotateKey({ messageMissingKey: GIVE_OUTLET_IDS })
    .check(
      Schema.makeFilter((ids: readonly string[]) => {
        const read = ids.map(decodeRowId);
        if (read.length === 0 || read.includes(null)) return GIVE_OUTLET_IDS;
        return new Set(read).size <= MAX_BULK_OUTLETS || GIVE_FEWER_OUTLET_IDS;
      }),
    )
    .pipe(
      Schema.decodeTo(
        Schema.Array(OutletId),
        SchemaTransformation.transform<readonly number[], readonly string[]>({
          decode: (ids) => [...new Set(ids.map(Number))],
          encode: (ids) => ids.map(String),
        }),
      ),
    ),
});

/** The outlets of the same chain (shared PAN or bank account). */
export const ChainOutlet = Schema.Struct({ rsid: Schema.String, name: Schema.String });
export const ChainResponse = resultsOf(ChainOutlet);
export type ChainOutlet = typeof ChainOutlet.Type;

/** What a bulk update came to: done, or the server's 400 as field-and-value lines. */
export type BulkUpdateOutcome =
  | { readonly type: "done"; readonly detail: string }
  | { readonly type: "invalid"; readonly lines: readonly string[] };

/** A selected outlet as the modal sends it: its id, RSID and the version it was listed at. */
export type BulkOutlet = {
  readonly id: number;
  readonly rsid: string;
  readonly workflow_state: string;
  readonly subProject: string;
  readonly version: number;
};

/**
 * The payload the modal sends (spec 000 §7.3): filled extra fields only, the reason description
 * when given, the confirmed chain RSIDs, select_all false, and each outlet's listed version.
 */
export function bulkPayload(
  action: string,
  outlets: readonly BulkOutlet[],
  values: Readonly<Record<string, string>>,
  description: string,
  chainRsids: readonly string[],
): BulkUpdateRequest {
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value.trim()) extra[key] = value.trim();
  if (description.trim()) extra[REASON_DESCRIPTION_FIELD] = description.trim();
  return {
    action_type: action,
    object_ids: outlets.map((o) => OutletId.make(o.id)),
    extra_data: extra,
    select_all: false,
    chain_rsids: [...chainRsids],
    object_versions: Object.fromEntries(outlets.map((o) => [String(o.id), o.version])),
  };
}
