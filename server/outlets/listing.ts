/** The outlet listing's SQL (spec 000 §7.5): filters, search, ordering and one page, as parameters. */
import type { ListedOutlet, OrderingKey, OutletListingFilter } from "../../src/domain/outletListing";
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

type Row = Omit<ListedOutlet, "created" | "modified"> & { created: Date; modified: Date };

export const toListed = (row: Row): ListedOutlet => ({
  ...row,
  created: row.created.toISOString(),
  modified: row.modified.toISOString(),
});

/** The WHERE clause and its parameters for a filter over the visible sub-projects. */
function whereOf(
  filter: OutletListingFilter,
  subProjectIds: readonly number[],
  specialStates: readonly string[],
): { sql: string; params: unknown[] } {
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
    if (ids.length) add((p) => `${column} = ANY(${p}::int[])`, ids);
  }
  if (filter.rsids.length) add((p) => `o.rsid = ANY(${p}::text[])`, filter.rsids);
  const { created, invoice_date } = filter.ranges;
  if (created.from) add((p) => `o.created >= ${p}::date`, created.from);
  if (created.to) add((p) => `o.created < ${p}::date + 1`, created.to);
  if (invoice_date.from) add((p) => `o.invoice_date >= ${p}::date`, invoice_date.from);
  if (invoice_date.to) add((p) => `o.invoice_date <= ${p}::date`, invoice_date.to);
  if (filter.search) {
    add(
      (p) => `(o.rsid ILIKE ${p} OR o.name ILIKE ${p} OR o.owner_name ILIKE ${p})`,
      `%${filter.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`,
    );
  }
  return { sql: where.join(" AND "), params };
}

/** One page of outlets and the count of all that match. */
export async function listOutlets(
  db: Queryable,
  filter: OutletListingFilter,
  subProjectIds: readonly number[],
  specialStates: readonly string[],
  page: Page,
): Promise<{ rows: ListedOutlet[]; count: number }> {
  if (subProjectIds.length === 0) return { rows: [], count: 0 };
  const { sql, params } = whereOf(filter, subProjectIds, specialStates);
  const direction = filter.ordering.descending ? "DESC" : "ASC";
  const [counted] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM outlets o WHERE ${sql}`,
    params,
  );
  const rows = await db.query<Row>(
    `SELECT ${OUTLET_COLUMNS_SQL} ${OUTLET_JOINS_SQL}
     WHERE ${sql}
     ORDER BY ${ORDER_COLUMN[filter.ordering.key]} ${direction}, o.rsid ${direction}
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.size, page.offset],
  );
  return { rows: rows.map(toListed), count: counted?.count ?? 0 };
}
