/**
 * The bulk outlet status update call (spec 000 §3, §7.3): its payload, its answer, and the reading
 * of a payload the server receives into field errors (a clear 400, never a crash).
 */
import { Schema } from "effect";
import type { FieldErrorMap } from "./extraFields";
import {
  addFieldError,
  decodeRowId,
  decodeText,
  MAX_QUERY_TEXT_LENGTH,
  MAX_TEXT_LENGTH,
} from "./requestInput";
import { REASON_DESCRIPTION_FIELD } from "./workflowActions";

/** At most this many outlets in one bulk action: the largest table page. */
export const MAX_BULK_OUTLETS = 1000;

export const BulkUpdateRequest = Schema.Struct({
  action_type: Schema.String,
  object_ids: Schema.Array(Schema.Number),
  extra_data: Schema.Record(Schema.String, Schema.String),
  /** Always sent false (spec 000 §7.3). */
  select_all: Schema.Boolean,
  chain_rsids: Schema.Array(Schema.String),
  /**
   * Each outlet's version as it was listed, keyed by id: an outlet changed by someone else since is
   * reported, not overwritten.
   */
  object_versions: Schema.Record(Schema.String, Schema.Number),
});
export type BulkUpdateRequest = typeof BulkUpdateRequest.Type;

export const BulkUpdateResponse = Schema.Struct({ detail: Schema.String, updated: Schema.Number });
export type BulkUpdateResponse = typeof BulkUpdateResponse.Type;

/** GET outlets/chain/?ids=…: the outlets of the same chain (shared PAN or bank account). */
export const ChainOutlet = Schema.Struct({ rsid: Schema.String, name: Schema.String });
export const ChainResponse = Schema.Struct({ results: Schema.Array(ChainOutlet) });
export type ChainOutlet = typeof ChainOutlet.Type;

/** What a bulk update came to: done, or the server's 400 as field-and-value lines. */
export type BulkUpdateOutcome =
  | { readonly type: "done"; readonly detail: string }
  | { readonly type: "invalid"; readonly lines: readonly string[] };

export const NOT_A_LIST = "Expected a list of items.";
export const NOT_AN_OBJECT = "Expected an object of fields.";
export const SELECT_ALL_UNSUPPORTED = "Only false is accepted: send the outlet ids.";
export const NO_OUTLETS = "Select at least one outlet.";
export const TOO_MANY_OUTLETS = `At most ${MAX_BULK_OUTLETS} outlets can be updated at a time.`;
const REQUIRED = "This field is required.";
/** An RSID is a short code; a chain list longer than the chain itself is refused. */
const MAX_RSID_LENGTH = 64;
const MAX_CHAIN_RSIDS = MAX_BULK_OUTLETS;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The refused value as sent, cut short: a line never echoes a megabyte back. */
const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};
const notAnOutletId = (id: unknown) => `${shown(id)} is not a valid outlet id.`;

/**
 * Reads a received payload: the typed request, or every field problem at once. Ids are decoded as
 * row ids and counted once each; texts are bounded and free of NUL characters.
 */
export function readBulkUpdate(
  body: Record<string, unknown>,
): { ok: true; request: BulkUpdateRequest } | { ok: false; errors: FieldErrorMap } {
  const errors: FieldErrorMap = {};
  const add = (field: string, line: string) => addFieldError(errors, field, line);
  const field = (key: string): unknown => (Object.hasOwn(body, key) ? body[key] : undefined);
  const [action_type, object_ids, extra_data, select_all, chain_rsids, object_versions] = [
    "action_type",
    "object_ids",
    "extra_data",
    "select_all",
    "chain_rsids",
    "object_versions",
  ].map(field);

  let action = "";
  if (action_type === undefined || action_type === null) add("action_type", REQUIRED);
  else {
    const read = decodeText(action_type, MAX_QUERY_TEXT_LENGTH);
    if (!read.ok) add("action_type", read.error);
    else if (!read.value.trim()) add("action_type", REQUIRED);
    else action = read.value.trim();
  }

  // Each outlet counts once, before the limit: 5000 copies of one id are one outlet.
  const ids = new Set<number>();
  if (!Array.isArray(object_ids)) add("object_ids", object_ids === undefined ? REQUIRED : NOT_A_LIST);
  else {
    const bad = new Set<string>();
    for (const raw of object_ids) {
      const id = decodeRowId(raw);
      if (id === null) bad.add(notAnOutletId(raw));
      else ids.add(id);
    }
    if (bad.size) for (const line of [...bad].slice(0, MAX_BULK_OUTLETS)) add("object_ids", line);
    else if (ids.size === 0) add("object_ids", NO_OUTLETS);
    else if (ids.size > MAX_BULK_OUTLETS) add("object_ids", TOO_MANY_OUTLETS);
  }

  const extra: Record<string, string> = {};
  if (extra_data !== undefined && extra_data !== null && !isRecord(extra_data))
    add("extra_data", NOT_AN_OBJECT);
  else if (isRecord(extra_data)) {
    for (const [key, value] of Object.entries(extra_data)) {
      const read = decodeText(
        typeof value === "number" && Number.isFinite(value) ? String(value) : value,
        MAX_TEXT_LENGTH,
      );
      if (!read.ok) add(key, read.error);
      // Own properties only, even for a key named __proto__.
      else
        Object.defineProperty(extra, key, {
          value: read.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
  }

  if (select_all !== undefined && select_all !== false) add("select_all", SELECT_ALL_UNSUPPORTED);

  const chain: string[] = [];
  if (chain_rsids !== undefined && chain_rsids !== null) {
    if (!Array.isArray(chain_rsids) || chain_rsids.length > MAX_CHAIN_RSIDS) add("chain_rsids", NOT_A_LIST);
    else
      for (const rsid of chain_rsids) {
        const read = decodeText(rsid, MAX_RSID_LENGTH);
        if (read.ok) chain.push(read.value);
        else add("chain_rsids", read.error);
      }
  }

  const versions: Record<string, number> = {};
  if (object_versions !== undefined && object_versions !== null) {
    if (!isRecord(object_versions)) add("object_versions", NOT_AN_OBJECT);
    else
      for (const [key, version] of Object.entries(object_versions)) {
        const id = decodeRowId(key);
        if (id === null || typeof version !== "number" || !Number.isSafeInteger(version)) {
          add("object_versions", NOT_AN_OBJECT);
          break;
        }
        versions[String(id)] = version;
      }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    request: {
      action_type: action,
      object_ids: [...ids],
      extra_data: extra,
      select_all: false,
      chain_rsids: [...new Set(chain)],
      object_versions: versions,
    },
  };
}

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
    object_ids: outlets.map((o) => o.id),
    extra_data: extra,
    select_all: false,
    chain_rsids: [...chainRsids],
    object_versions: Object.fromEntries(outlets.map((o) => [String(o.id), o.version])),
  };
}
