/** The outlet listing's SQL (spec 000 §7.5): filters, search, ordering and one page, as parameters. */
import type { ListedOutlet, OrderingKey, OutletListingFilter } from "../../src/domain/outlets/outletListing";
import type { OutletObjectType } from "../../src/domain/outlets/outletManagement";
import { escapeLike } from "../../src/domain/shared/requestInput";
import type { Queryable } from "../db/db";
import type { Page } from "../http/pagination";

/** Columns behind each ordering key; rsid is unique, so it breaks ties deterministically. */
const ORDER_COLUMN: Record<OrderingKey, string> = {
  rsid: "o.rsid",
  name: "o.name",
  workflow_state: "o.workflow_state",
  city: "c.name",
  region: "r.name",
  created: "o.created",
  modified: "o.modified",
};

/** The one join an ordering by a name needs. */
const ORDER_JOIN: Partial<Record<OrderingKey, string>> = {
  city: "JOIN cities c ON c.id = o.city_id",
  region: "JOIN regions r ON r.id = o.region_id",
};

export const OUTLET_COLUMNS_SQL = `
  o.id, o.rsid, o.rsid AS slug, o.name, o.owner_name, c.name AS city, st.name AS state, r.name AS region,
  fa.name AS auditor, pr.name AS program, o.workflow_state, o.status, o.interim_status, o.is_temp,
  json_build_object('id', s.id, 'slug', s.slug, 'name', s.name, 'type', s.type) AS sub_project,
  json_build_object('slug', p.slug, 'name', p.name) AS project,
  o.created, o.modified, o.invoice_date, o.version`;

export const OUTLET_JOINS_SQL = `
  FROM outlets o
  JOIN cities c ON c.id = o.city_id
  JOIN states st ON st.id = o.state_id
  JOIN regions r ON r.id = o.region_id
  JOIN sub_projects s ON s.id = o.sub_project_id
  JOIN projects p ON p.id = s.project_id
  LEFT JOIN field_auditors fa ON fa.id = o.auditor_id
  LEFT JOIN programs pr ON pr.id = o.program_id`;

type Listed = typeof ListedOutlet.Encoded;
type Row = Omit<Listed, "created" | "modified"> & { created: Date; modified: Date };

export const toListed = (row: Row): Listed => ({
  ...row,
  created: row.created.toISOString(),
  modified: row.modified.toISOString(),
});

const RSID_SHAPED = /^rs\d+$/i;

/** What each kind of outlet management (src/domain/outlets/outletManagement.ts) is, over the outlet row. */
export const OBJECT_TYPE_SQL: Record<OutletObjectType, string> = {
  outlets: "NOT o.is_temp",
  temporary: "o.is_temp",
  inactive: "o.status = 'inactive'",
  recovered: "o.id IN (SELECT outlet_id FROM field_recoveries)",
};

/**
 * A filter's WHERE clause and parameters, and the same clause as the planner estimates best (they
 * differ only in how the panel filter is written).
 */
type Where = { sql: string; estimatedSql: string; params: unknown[] };

/**
 * The panel outlets (a few thousand) are read as a list of ids, each outlet found by its key: as a
 * semi-join the planner merged them with the outlets in key order, reading a tenth of a million
 * outlets (180 ms against 37 ms at a million). It estimates that list as a handful of rows, though,
 * so the count's estimate reads the same outlets as a semi-join.
 */
const onPanels = (outletIds: string) => ({
  list: `o.id = ANY(ARRAY(${outletIds}))`,
  estimated: `o.id IN (${outletIds})`,
});

/** The WHERE clause and its parameters for a filter over the visible sub-projects. */
function whereOf(
  filter: OutletListingFilter,
  subProjectIds: readonly number[],
  specialStates: readonly string[],
): Where {
  const params: unknown[] = [subProjectIds];
  const where = ["o.sub_project_id = ANY($1::int[])"];
  const add = (sql: (slot: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.workflowStates.length) add((p) => `o.workflow_state = ANY(${p}::text[])`, filter.workflowStates);
  if (filter.onlySpecialActionStates) add((p) => `o.workflow_state = ANY(${p}::text[])`, specialStates);
  if (filter.outletStatuses.length) add((p) => `o.status = ANY(${p}::text[])`, filter.outletStatuses);
  if (!filter.includeTemp) where.push("NOT o.is_temp");
  const idColumns = {
    region: "o.region_id",
    city: "o.city_id",
    auditor: "o.auditor_id",
    program: "o.program_id",
  };
  for (const [key, column] of Object.entries(idColumns)) {
    const ids = filter.ids[key as keyof typeof idColumns];
    // One id is compared by equality: PostgreSQL before 17 reads no order from an index under
    // `= ANY`, so one region ordered by city could not walk (region_id, city_id, rsid) otherwise.
    if (ids.length === 1) add((p) => `${column} = ${p}::int`, ids[0]);
    else if (ids.length) add((p) => `${column} = ANY(${p}::int[])`, ids);
  }
  if (filter.rsids.length) add((p) => `o.rsid = ANY(${p}::text[])`, filter.rsids);
  if (filter.objectType) where.push(OBJECT_TYPE_SQL[filter.objectType]);
  const { created, invoice_date } = filter.ranges;
  if (created.from) add((p) => `o.created >= ${p}::date`, created.from);
  if (created.to) add((p) => `o.created < ${p}::date + 1`, created.to);
  if (invoice_date.from) add((p) => `o.invoice_date >= ${p}::date`, invoice_date.from);
  if (invoice_date.to) add((p) => `o.invoice_date <= ${p}::date`, invoice_date.to);
  if (filter.search) {
    const escaped = escapeLike(filter.search);
    // An RSID-shaped search is a prefix of the RSID (an index walk); anything else is a name or owner.
    if (RSID_SHAPED.test(filter.search)) add((p) => `o.rsid LIKE ${p}`, `${escaped.toUpperCase()}%`);
    else add((p) => `(o.name ILIKE ${p} OR o.owner_name ILIKE ${p})`, `%${escaped}%`);
  }
  let panels: { list: string; estimated: string } | null = null;
  if (filter.panels.slug) {
    params.push(filter.panels.slug);
    panels = onPanels(`SELECT po.outlet_id FROM panel_outlets po JOIN panels pa ON pa.id = po.panel_id
                       WHERE pa.slug = $${params.length} AND pa.sub_project_id = ANY($1::int[])`);
  } else if (filter.panels.any) panels = onPanels("SELECT outlet_id FROM panel_outlets");
  const clause = (last: string | undefined) => [...where, ...(last ? [last] : [])].join(" AND ");
  return { sql: clause(panels?.list), estimatedSql: clause(panels?.estimated), params };
}

/** Whether the filter uses only what outlet_counts keeps (sub-project, state, status, temporary). */
function countsKeptFor(filter: OutletListingFilter): boolean {
  const { ids, rsids, ranges, search, objectType, panels } = filter;
  return (
    objectType !== "recovered" &&
    !panels.any &&
    !panels.slug &&
    Object.values(ids).every((list) => list.length === 0) &&
    rsids.length === 0 &&
    Object.values(ranges).every((r) => !r.from && !r.to) &&
    !search
  );
}

/**
 * The count from outlet_counts, which a trigger keeps (migration 0005). Its rows carry the outlet
 * columns an outlet management kind other than recovered reads, so they are named `o` as outlets are.
 */
async function keptCount(
  db: Queryable,
  filter: OutletListingFilter,
  subProjectIds: readonly number[],
  specialStates: readonly string[],
): Promise<number> {
  const params: unknown[] = [subProjectIds];
  const where = ["o.sub_project_id = ANY($1::int[])"];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace("?", `$${params.length}`));
  };
  if (filter.workflowStates.length) add("o.workflow_state = ANY(?::text[])", filter.workflowStates);
  if (filter.onlySpecialActionStates) add("o.workflow_state = ANY(?::text[])", specialStates);
  if (filter.outletStatuses.length) add("o.status = ANY(?::text[])", filter.outletStatuses);
  if (!filter.includeTemp) where.push("NOT o.is_temp");
  if (filter.objectType) where.push(OBJECT_TYPE_SQL[filter.objectType]);
  const [row] = await db.query<{ count: number }>(
    `SELECT coalesce(sum(n), 0)::int AS count FROM outlet_counts o WHERE ${where.join(" AND ")}`,
    params,
  );
  return row?.count ?? 0;
}

/**
 * Up to this many matches a filter outlet_counts does not keep is counted exactly; past it the
 * count is the planner's estimate, and the answer says so. Counting every match read every one of
 * them: 0.9 to 3.6 s for a city or a region at a million outlets (docs/scaling.md), where counting
 * to the limit stops after it.
 */
const EXACT_COUNT_LIMIT = 1000;

/** The planner's estimate of the rows a statement returns. */
async function plannedRows(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] | string }>(
    `EXPLAIN (FORMAT JSON) ${sql}`,
    params,
  );
  const plan = row?.["QUERY PLAN"];
  const parsed = typeof plan === "string" ? JSON.parse(plan) : plan;
  return Math.round(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/** How many outlets match: exact up to `limit`, past it the planner's estimate (never below limit + 1). */
async function cappedCount(
  db: Queryable,
  where: Where,
  limit: number,
): Promise<{ count: number; estimated: boolean }> {
  const { sql, estimatedSql, params } = where;
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (SELECT 1 FROM outlets o WHERE ${sql} LIMIT $${params.length + 1}) m`,
    [...params, limit + 1],
  );
  const upTo = row?.count ?? 0;
  if (upTo <= limit) return { count: upTo, estimated: false };
  const planned = await plannedRows(db, `SELECT 1 FROM outlets o WHERE ${estimatedSql}`, params);
  return { count: Math.max(limit + 1, planned), estimated: true };
}

/**
 * A listed outlet's columns with each name read by its id: a page is at most 1000 outlets and the
 * named tables are small, so this costs little, and it plans in about a millisecond, where joining
 * the eight tables took longer to plan than to run (docs/benchmarks.md, Outlets).
 */
const LISTED_COLUMNS_SQL = `
  o.id, o.rsid, o.rsid AS slug, o.name, o.owner_name,
  (SELECT name FROM cities WHERE id = o.city_id) AS city,
  (SELECT name FROM states WHERE id = o.state_id) AS state,
  (SELECT name FROM regions WHERE id = o.region_id) AS region,
  (SELECT name FROM field_auditors WHERE id = o.auditor_id) AS auditor,
  (SELECT name FROM programs WHERE id = o.program_id) AS program,
  o.workflow_state, o.status, o.interim_status, o.is_temp,
  (SELECT json_build_object('id', s.id, 'slug', s.slug, 'name', s.name, 'type', s.type)
   FROM sub_projects s WHERE s.id = o.sub_project_id) AS sub_project,
  (SELECT json_build_object('slug', p.slug, 'name', p.name)
   FROM sub_projects s JOIN projects p ON p.id = s.project_id WHERE s.id = o.sub_project_id) AS project,
  o.created, o.modified, o.invoice_date, o.version`;

/** The table each ordering by a name walks in that name's order, and the outlet column that points at it. */
const NAMED_ORDER: Partial<Record<OrderingKey, { table: string; column: string }>> = {
  city: { table: "cities", column: "o.city_id" },
  region: { table: "regions", column: "o.region_id" },
};

/**
 * From this many matches, an ordering by a name walks the named rows (24 cities, 8 regions in the
 * demo data) in name order and takes at most a page and its offset of each one's outlets from the
 * (city_id, rsid) or (region_id, rsid) index (migration 0201), instead of reading and sorting every
 * match: at a million outlets that sort took longer than the 50 ms target (docs/scaling.md). Below
 * it, reading the few matches and sorting them is the cheaper plan. Under a filter the walk's index
 * does not lead with, a name with no match walks its whole part of the index to find none (a region
 * ordered by city took 15 s walked that way against 0.7 s sorted), hence `walksNames`.
 */
const WALK_NAMES_FROM = 20_000;

/**
 * Whether an ordering by a name may walk the names: under the filters outlet_counts keeps, or one
 * region ordered by city, where the (region_id, city_id, rsid) index (migration 0202) finds each
 * city's outlets in that region directly, a city with none among them at once. Sorting that
 * region's matches (292,000 of a million outlets) took 0.58 s.
 */
function walksNames(filter: OutletListingFilter, kept: boolean): boolean {
  if (kept) return true;
  const { region, ...others } = filter.ids;
  return (
    filter.ordering.key === "city" &&
    region.length === 1 &&
    countsKeptFor({ ...filter, ids: { ...others, region: [] } })
  );
}

/** From how many matches an ordering by a name walks the names, and up to how many a count is exact. */
export type ListingLimits = { readonly walkNamesFrom: number; readonly exactCount: number };
export const LISTING_LIMITS: ListingLimits = {
  walkNamesFrom: WALK_NAMES_FROM,
  exactCount: EXACT_COUNT_LIMIT,
};

/** A page of outlets, the count of all that match (estimated past a limit) and whether more follow. */
export type OutletPage = { rows: Listed[]; count: number; estimated: boolean; more: boolean };

/** One page of outlets and the count of all that match. */
export async function listOutlets(
  db: Queryable,
  filter: OutletListingFilter,
  subProjectIds: readonly number[],
  specialStates: readonly string[],
  page: Page,
  limits: ListingLimits = LISTING_LIMITS,
): Promise<OutletPage> {
  if (subProjectIds.length === 0) return { rows: [], count: 0, estimated: false, more: false };
  const where = whereOf(filter, subProjectIds, specialStates);
  const { sql, params } = where;
  const kept = countsKeptFor(filter);
  const { count, estimated } = kept
    ? { count: await keptCount(db, filter, subProjectIds, specialStates), estimated: false }
    : await cappedCount(db, where, limits.exactCount);

  const direction = filter.ordering.descending ? "DESC" : "ASC";
  // One row past the page says whether another page follows, whatever the count.
  const take = [...params, page.size + 1, page.offset];
  const limit = `LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
  const named = NAMED_ORDER[filter.ordering.key];
  // The page's ids first, from the outlets alone (and the one name it is ordered by), then the
  // page's rows: the names are read for the page only, never for the rows an offset skips.
  const found =
    named && walksNames(filter, kept) && count >= limits.walkNamesFrom
      ? await db.query<{ id: number }>(
          `SELECT m.id FROM ${named.table} n
           CROSS JOIN LATERAL (
             SELECT o.id, o.rsid FROM outlets o WHERE ${named.column} = n.id AND ${sql}
             ORDER BY o.rsid ${direction} LIMIT $${params.length + 1}::int + $${params.length + 2}::int) m
           ORDER BY n.name ${direction}, m.rsid ${direction}
           ${limit}`,
          take,
        )
      : await db.query<{ id: number }>(
          `SELECT o.id FROM outlets o ${ORDER_JOIN[filter.ordering.key] ?? ""}
           WHERE ${sql}
           ORDER BY ${ORDER_COLUMN[filter.ordering.key]} ${direction}, o.rsid ${direction}
           ${limit}`,
          take,
        );
  const more = found.length > page.size;
  const ids = found.slice(0, page.size).map((r) => r.id);
  // An estimate never says fewer outlets than the pages read so far have shown.
  const shown = page.offset + ids.length + (more ? 1 : 0);
  const total = estimated ? Math.max(count, shown) : count;
  if (ids.length === 0) return { rows: [], count: total, estimated, more };
  const rows = await db.query<Row>(
    `SELECT ${LISTED_COLUMNS_SQL} FROM outlets o WHERE o.id = ANY($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return { rows: ordered.map(toListed), count: total, estimated, more };
}
