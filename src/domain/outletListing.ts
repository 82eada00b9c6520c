/**
 * The outlet listing (spec 000 §7.5, §2.4, §3): the query string the client builds, the filters
 * the server reads from it, and the shapes of a listed outlet, a page and the filter options.
 */
import { Schema } from "effect";
import type { BulkOutlet } from "./bulkUpdate";
import { parseIsoDate } from "./format";
import { OUTLET_STATES } from "./outletStates";
import { addFieldError, decodeRowId, decodeText, MAX_QUERY_TEXT_LENGTH } from "./requestInput";

export const OutletSubProject = Schema.Struct({
  id: Schema.Number,
  slug: Schema.String,
  name: Schema.String,
  type: Schema.String,
});

export const ListedOutlet = Schema.Struct({
  id: Schema.Number,
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

/** A paginated list response (spec 000 §3). */
export const OutletListResponse = Schema.Struct({
  results: Schema.Array(ListedOutlet),
  count: Schema.Number,
  previous: Schema.NullOr(Schema.String),
  next: Schema.NullOr(Schema.String),
  current_page_number: Schema.Number,
  page_size: Schema.Number,
});
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

/**
 * The listing query string the client sends (spec 000 §7.5): prefixed with workflow_based=true when
 * workflow-based; show_only_special_action_states=false removed; repeated status kept; status=active
 * added when workflow-based and no active or inactive status is given; include_temp=yes always.
 */
export function outletListingQuery(params: readonly Param[], workflowBased: boolean): string {
  const kept = params.filter(
    ([k, v]) =>
      !(k === "show_only_special_action_states" && v === "false") &&
      k !== "include_temp" &&
      k !== "workflow_based",
  );
  const hasOutletStatus = kept.some(
    ([k, v]) => k === "status" && (OUTLET_STATUSES as readonly string[]).includes(v),
  );
  const all: Param[] = [
    ...(workflowBased ? ([["workflow_based", "true"]] as Param[]) : []),
    ...kept,
    ...(workflowBased && !hasOutletStatus ? ([["status", DEFAULT_STATUS]] as Param[]) : []),
    ["include_temp", "yes"],
  ];
  return all.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

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
  search: string;
  ordering: { key: OrderingKey; descending: boolean };
};

/** Reads the listing query; every unreadable value is reported at once as a field line. */
export function readOutletListingQuery(
  params: URLSearchParams,
): { ok: true; filter: OutletListingFilter } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => addFieldError(errors, key, message);
  // Every text of the query is bounded and free of NUL characters before anything reads it.
  for (const [key, value] of params) {
    const read = decodeText(value, MAX_QUERY_TEXT_LENGTH);
    if (!read.ok && !Object.hasOwn(errors, key)) add(key, read.error);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const statuses = params.getAll("status");
  const workflowStates = statuses.filter((s) => (OUTLET_STATES as readonly string[]).includes(s));
  const outletStatuses = statuses.filter((s) => (OUTLET_STATUSES as readonly string[]).includes(s));
  for (const s of statuses) {
    if (!workflowStates.includes(s) && !outletStatuses.includes(s))
      add("status", `"${s}" is not a valid choice.`);
  }
  const includeTemp = params.get("include_temp") ?? "yes";
  if (includeTemp !== "yes" && includeTemp !== "no")
    add("include_temp", `"${includeTemp}" is not yes or no.`);
  const ids = {} as OutletListingFilter["ids"];
  for (const key of ID_FILTERS) {
    ids[key] = params.getAll(key).flatMap((v) => {
      const id = decodeRowId(v);
      if (id === null) add(key, `"${v}" is not a valid id.`);
      return id === null ? [] : [id];
    });
  }
  const ranges = {} as OutletListingFilter["ranges"];
  for (const key of RANGE_FILTERS) {
    const read = (suffix: string) => {
      const v = params.get(`${key}_${suffix}`);
      if (v && !parseIsoDate(v)) add(`${key}_${suffix}`, `"${v}" is not a YYYY-MM-DD date.`);
      return v || null;
    };
    ranges[key] = { from: read("from"), to: read("to") };
  }
  const scope: OutletListingFilter["scope"] = {};
  for (const key of SCOPE_PARAMS) {
    const v = params.get(key);
    if (v) scope[key] = v;
  }
  const orderingText = params.get("ordering") || DEFAULT_ORDERING;
  const key = orderingText.replace(/^-/, "");
  if (!(ORDERING_KEYS as readonly string[]).includes(key))
    add("ordering", `"${orderingText}" is not a valid ordering.`);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    filter: {
      workflowStates,
      outletStatuses,
      includeTemp: includeTemp === "yes",
      onlySpecialActionStates: params.get("show_only_special_action_states") === "true",
      ids,
      rsids: params.getAll(RSID_FILTER),
      ranges,
      scope,
      search: (params.get("search") ?? "").trim(),
      ordering: { key: key as OrderingKey, descending: orderingText.startsWith("-") },
    },
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
