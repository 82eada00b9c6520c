/**
 * The outlet listing (spec 000 §7.5, §2.4, §3): the query string the client builds, the filters
 * the server reads from it, and the shapes of a listed outlet, a page and the filter options.
 */
import { Schema } from "effect";
import { Listed, Text } from "../api/fields";
import { OutletId, SubProjectId } from "../api/ids";
import { paginatedWithEstimate } from "../api/paginated";
import { parseIsoDate } from "../shared/format";
import { decodeRowId, MAX_QUERY_TEXT_LENGTH, notAChoice } from "../shared/requestInput";
import type { BulkOutlet } from "./bulkUpdate";
import { isOutletObjectType, type OutletObjectType } from "./outletManagement";
import { OUTLET_STATES } from "./outletStates";

export const OutletSubProject = Schema.Struct({
  id: SubProjectId,
  slug: Schema.String,
  name: Schema.String,
  type: Schema.String,
});

export const ListedOutlet = Schema.Struct({
  id: OutletId,
  rsid: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  owner_name: Schema.String,
  city: Schema.String,
  state: Schema.String,
  region: Schema.String,
  auditor: Schema.NullOr(Schema.String),
  program: Schema.NullOr(Schema.String),
  workflow_state: Schema.String,
  status: Schema.String,
  interim_status: Schema.NullOr(Schema.String),
  is_temp: Schema.Boolean,
  sub_project: OutletSubProject,
  project: Schema.Struct({ slug: Schema.String, name: Schema.String }),
  created: Schema.String,
  modified: Schema.String,
  invoice_date: Schema.NullOr(Schema.String),
  version: Schema.Number,
});
export type ListedOutlet = typeof ListedOutlet.Type;

export const OutletListResponse = paginatedWithEstimate(ListedOutlet);
export type OutletListResponse = typeof OutletListResponse.Type;

export const OutletLogEntry = Schema.Struct({
  message: Schema.String,
  created: Schema.String,
  action: Schema.String,
  from_state: Schema.String,
  to_state: Schema.String,
  reasons: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  by: Schema.String,
});
export type OutletLogEntry = typeof OutletLogEntry.Type;

/** GET outlets/{slug}/: the header facts of one outlet and its log. */
export const OutletDetail = Schema.Struct({
  ...ListedOutlet.fields,
  address: Schema.String,
  pin: Schema.String,
  zone: Schema.String,
  territory: Schema.String,
  phone: Schema.String,
  gst: Schema.String,
  logs: Schema.Array(OutletLogEntry),
});
export type OutletDetail = typeof OutletDetail.Type;

/** Filter option lists keyed by filter; each option in the API's own keys (label name, value id or rsid). */
export const FilterOptionsResponse = Schema.Record(
  Schema.String,
  Schema.Array(Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number]))),
);
export type FilterOptionsResponse = typeof FilterOptionsResponse.Type;

/** The outlet status values that travel in the status parameter beside workflow states (§7.5). */
export const OUTLET_STATUSES = ["active", "inactive"] as const;
export const DEFAULT_STATUS = "active";
export const RSID_FILTER = "workflow_object__outlet__rsid";
/** Filters given as repeated ids (region, city, auditor, program) or RSIDs. */
export const ID_FILTERS = ["region", "city", "auditor", "program"] as const;
/** Date ranges: `{key}_from` and `{key}_to`, YYYY-MM-DD. */
export const RANGE_FILTERS = ["created", "invoice_date"] as const;
/** Where a list is: everything the caller may see, or one project, sub-project or cycle. */
export const SCOPE_PARAMS = ["project", "sub_project", "cycle_of"] as const;
export const ORDERING_KEYS = [
  "rsid",
  "name",
  "workflow_state",
  "city",
  "region",
  "created",
  "modified",
] as const;
export type OrderingKey = (typeof ORDERING_KEYS)[number];
export const DEFAULT_ORDERING = "-created";

type Param = readonly [string, string];

const QueryText = Text(MAX_QUERY_TEXT_LENGTH);

/** A query text checked once it is a readable text: the check's line is said of a readable value only. */
const checkedText = (check: (text: string) => true | string) =>
  QueryText.pipe(Schema.decodeTo(Schema.String.check(Schema.makeFilter(check))));

const isListingStatus = (s: string) =>
  (OUTLET_STATES as readonly string[]).includes(s) || (OUTLET_STATUSES as readonly string[]).includes(s);
const RowIdText = checkedText((v) => decodeRowId(v) !== null || `"${v}" is not a valid id.`);
const DateText = checkedText(
  (v) => v === "" || parseIsoDate(v) !== null || `"${v}" is not a YYYY-MM-DD date.`,
);
const optional = Schema.optionalKey;

/**
 * The listing's query (spec 000 §7.5), its keys in the order the client sends them: prefixed with
 * workflow_based, include_temp last. Statuses, the id filters and RSIDs may be repeated; the page
 * and its size travel with the rest of the table's parameters. Each value is a bounded text; every
 * unreadable one is a line under its key.
 */
export const OutletListingQuery = Schema.Struct({
  workflow_based: optional(QueryText),
  project: optional(QueryText),
  sub_project: optional(QueryText),
  cycle_of: optional(QueryText),
  status: optional(Listed(checkedText((s) => isListingStatus(s) || notAChoice(s)))),
  region: optional(Listed(RowIdText)),
  city: optional(Listed(RowIdText)),
  auditor: optional(Listed(RowIdText)),
  program: optional(Listed(RowIdText)),
  [RSID_FILTER]: optional(Listed(QueryText)),
  created_from: optional(DateText),
  created_to: optional(DateText),
  invoice_date_from: optional(DateText),
  invoice_date_to: optional(DateText),
  show_only_special_action_states: optional(QueryText),
  ordering: optional(
    checkedText(
      (v) =>
        v === "" ||
        (ORDERING_KEYS as readonly string[]).includes(v.replace(/^-/, "")) ||
        `"${v}" is not a valid ordering.`,
    ),
  ),
  search: optional(QueryText),
  page: optional(QueryText),
  "page-size": optional(QueryText),
  include_temp: optional(checkedText((v) => v === "yes" || v === "no" || `"${v}" is not yes or no.`)),
  /** Outlet management's kinds (src/domain/outlets/outletManagement.ts): one kind of the scope's outlets. */
  object_type: optional(checkedText((v) => v === "" || isOutletObjectType(v) || notAChoice(v))),
  /** The panel outlets: outlets on any panel of the scope (`yes`), or on the panel of this slug. */
  on_panels: optional(checkedText((v) => v === "yes" || v === "no" || `"${v}" is not yes or no.`)),
  panel: optional(QueryText),
});
export type OutletListingQuery = typeof OutletListingQuery.Type;

type ListedKey = "status" | (typeof ID_FILTERS)[number] | typeof RSID_FILTER;
type OneKey = Exclude<keyof OutletListingQuery, ListedKey>;
const LISTED_KEYS: readonly string[] = ["status", ...ID_FILTERS, RSID_FILTER];
const isListedKey = (key: string): key is ListedKey => LISTED_KEYS.includes(key);
const isOneKey = (key: string): key is OneKey =>
  Object.hasOwn(OutletListingQuery.fields, key) && !isListedKey(key);

/** The query of these parameters: a repeated key's values in order; a key given once its first value. */
function queryOf(params: readonly Param[]): OutletListingQuery {
  const query: Partial<Record<ListedKey, string[]> & Record<OneKey, string>> = {};
  for (const [key, value] of params) {
    if (isListedKey(key)) query[key] = [...(query[key] ?? []), value];
    else if (isOneKey(key)) query[key] ??= value;
  }
  return query;
}

/**
 * The listing query the client sends (spec 000 §7.5): prefixed with workflow_based=true when
 * workflow-based; show_only_special_action_states=false removed; repeated status kept; status=active
 * added when workflow-based and no active or inactive status is given; include_temp=yes always.
 */
export function outletListingQuery(params: readonly Param[], workflowBased: boolean): OutletListingQuery {
  const kept = params.filter(
    ([k, v]) =>
      !(k === "show_only_special_action_states" && v === "false") &&
      k !== "include_temp" &&
      k !== "workflow_based",
  );
  const hasOutletStatus = kept.some(
    ([k, v]) => k === "status" && (OUTLET_STATUSES as readonly string[]).includes(v),
  );
  return queryOf([
    ...(workflowBased ? ([["workflow_based", "true"]] as Param[]) : []),
    ...kept,
    ...(workflowBased && !hasOutletStatus ? ([["status", DEFAULT_STATUS]] as Param[]) : []),
    ["include_temp", "yes"],
  ]);
}

/** The query naming a list's scope alone: its project, sub-project or cycles (the filter options, its heading). */
export const scopeQuery = (params: readonly Param[]): OutletListingQuery =>
  queryOf(params.filter(([k]) => (SCOPE_PARAMS as readonly string[]).includes(k)));

/** What the server lists, read from the query. */
export type OutletListingFilter = {
  workflowStates: string[];
  outletStatuses: string[];
  includeTemp: boolean;
  onlySpecialActionStates: boolean;
  ids: Record<(typeof ID_FILTERS)[number], number[]>;
  rsids: string[];
  ranges: Record<(typeof RANGE_FILTERS)[number], { from: string | null; to: string | null }>;
  scope: Partial<Record<(typeof SCOPE_PARAMS)[number], string>>;
  objectType: OutletObjectType | null;
  /** Only outlets on a panel: any panel of the listed sub-projects, or the one of this slug. */
  panels: { any: boolean; slug: string | null };
  search: string;
  ordering: { key: OrderingKey; descending: boolean };
};

const isOrderingKey = (key: string): key is OrderingKey => (ORDERING_KEYS as readonly string[]).includes(key);

/** The filter of a decoded listing query: statuses split into workflow states and outlet statuses, defaults filled. */
export function listingFilter(query: OutletListingQuery): OutletListingFilter {
  const statuses = query.status ?? [];
  const ids = (values: readonly string[] | undefined) => (values ?? []).map(Number);
  const scope: OutletListingFilter["scope"] = {};
  for (const key of SCOPE_PARAMS) {
    const value = query[key];
    if (value) scope[key] = value;
  }
  const ordering = query.ordering || DEFAULT_ORDERING;
  const key = ordering.replace(/^-/, "");
  return {
    workflowStates: statuses.filter((s) => (OUTLET_STATES as readonly string[]).includes(s)),
    outletStatuses: statuses.filter((s) => (OUTLET_STATUSES as readonly string[]).includes(s)),
    includeTemp: (query.include_temp ?? "yes") === "yes",
    onlySpecialActionStates: query.show_only_special_action_states === "true",
    ids: {
      region: ids(query.region),
      city: ids(query.city),
      auditor: ids(query.auditor),
      program: ids(query.program),
    },
    rsids: [...(query[RSID_FILTER] ?? [])],
    ranges: {
      created: { from: query.created_from || null, to: query.created_to || null },
      invoice_date: { from: query.invoice_date_from || null, to: query.invoice_date_to || null },
    },
    scope,
    objectType: isOutletObjectType(query.object_type) ? query.object_type : null,
    panels: { any: query.on_panels === "yes", slug: query.panel?.trim() || null },
    search: (query.search ?? "").trim(),
    ordering: { key: isOrderingKey(key) ? key : "created", descending: ordering.startsWith("-") },
  };
}

/** GET outlets/summary/: active outlets by workflow state, overall and per project (dashboard home). */
export const OutletSummary = Schema.Struct({
  by_state: Schema.Record(Schema.String, Schema.Number),
  projects: Schema.Array(
    Schema.Struct({
      slug: Schema.String,
      name: Schema.String,
      type: Schema.String,
      total: Schema.Number,
      by_state: Schema.Record(Schema.String, Schema.Number),
    }),
  ),
});
export type OutletSummary = typeof OutletSummary.Type;

/** A listed outlet as the bulk status update needs it (its state, sub-project type and version). */
export const bulkOutletOf = (o: ListedOutlet): BulkOutlet => ({
  id: o.id,
  rsid: o.rsid,
  workflow_state: o.workflow_state,
  subProject: o.sub_project.type,
  version: o.version,
});

/** The list an outlet page was opened from: its path without `/view/{outlet}` (000 §2.1 routes). */
export function outletListPath(outletPath: string): string {
  const base = outletPath.replace(/\/view\/[^/]+\/?$/, "");
  return base.endsWith("/list-of-outlets") ? base : `${base}/list-of-outlets`;
}

/** GET outlets/list-scope/: the project and sub-project a scoped list belongs to, for its heading. */
export const ListScopeNames = Schema.Struct({
  project: Schema.NullOr(Schema.Struct({ slug: Schema.String, name: Schema.String })),
  sub_project: Schema.NullOr(Schema.Struct({ slug: Schema.String, name: Schema.String })),
});
export type ListScopeNames = typeof ListScopeNames.Type;
