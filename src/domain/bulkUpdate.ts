/**
 * The bulk outlet status update call (spec 000 §3, §7.3): its payload, its answer, and the reading
 * of a payload the server receives into field errors (a clear 400, never a crash).
 */
import { Schema } from "effect";
import type { FieldErrorMap } from "./extraFields";
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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads a received payload: the typed request, or every field problem at once. */
export function readBulkUpdate(
  body: Record<string, unknown>,
): { ok: true; request: BulkUpdateRequest } | { ok: false; errors: FieldErrorMap } {
  const errors: FieldErrorMap = {};
  const { action_type, object_ids, extra_data, select_all, chain_rsids, object_versions } = body;
  if (typeof action_type !== "string" || !action_type.trim()) errors.action_type = [REQUIRED];
  const ids = Array.isArray(object_ids) ? object_ids : null;
  if (!ids) errors.object_ids = [object_ids === undefined ? REQUIRED : NOT_A_LIST];
  else if (ids.length === 0) errors.object_ids = [NO_OUTLETS];
  else if (ids.length > MAX_BULK_OUTLETS) errors.object_ids = [TOO_MANY_OUTLETS];
  else {
    const bad = ids.filter((id) => !Number.isSafeInteger(id) || (id as number) < 1);
    if (bad.length) errors.object_ids = bad.map((id) => `${JSON.stringify(id)} is not a valid outlet id.`);
  }
  const extra = extra_data === undefined ? {} : extra_data;
  if (!isRecord(extra)) errors.extra_data = [NOT_AN_OBJECT];
  else {
    for (const [key, value] of Object.entries(extra)) {
      if (typeof value !== "string" && typeof value !== "number") errors[key] = ["Not a valid string."];
    }
  }
  if (select_all !== undefined && select_all !== false) errors.select_all = [SELECT_ALL_UNSUPPORTED];
  const chain = chain_rsids === undefined ? [] : chain_rsids;
  if (!Array.isArray(chain) || chain.some((r) => typeof r !== "string")) errors.chain_rsids = [NOT_A_LIST];
  const versions = object_versions === undefined ? {} : object_versions;
  if (!isRecord(versions) || Object.values(versions).some((v) => !Number.isSafeInteger(v))) {
    errors.object_versions = [NOT_AN_OBJECT];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    request: {
      action_type: (action_type as string).trim(),
      object_ids: [...new Set(ids as number[])],
      extra_data: Object.fromEntries(
        Object.entries(extra as Record<string, string | number>).map(([k, v]) => [k, String(v)]),
      ),
      select_all: false,
      chain_rsids: [...new Set(chain as string[])],
      object_versions: versions as Record<string, number>,
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
