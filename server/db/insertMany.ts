/**
 * Rows in 1000-row multi-VALUES statements: about 20 times faster than one INSERT per row. Table
 * and column names are spliced into the SQL, so each must be in the fixed list below: a name that
 * came from anywhere else is refused before any SQL runs.
 */
import type { Queryable } from "./db";

const BATCH_ROWS = 1000;

/** The tables filled in bulk and the columns a bulk insert may set (checked against the schema by a test). */
export const INSERTABLE_COLUMNS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    organisations: ["name", "kind"],
    permissions: ["name"],
    roles: ["name", "display_name"],
    users: [
      "username",
      "name",
      "email",
      "phone_number",
      "organisation_id",
      "password_hash",
      "password_changed_at",
      "considered_workflow_permission",
      "is_active",
      "two_step_sign_in",
    ],
    states: ["name", "code"],
    // The administered resources' demo rows (server/seed/catalogue.ts).
    organisation_gst_details: ["organisation_id", "gstin", "legal_name", "state_id", "address"],
    offers: ["organisation_id", "slug", "title", "description", "starts_on", "ends_on", "is_active"],
    product_families: ["organisation_id", "name"],
    categories: ["organisation_id", "name", "product_family_id"],
    sub_categories: ["organisation_id", "name", "category_id"],
    manufacturers: ["organisation_id", "name"],
    brands: ["organisation_id", "name", "manufacturer_id"],
    variants: ["organisation_id", "name", "brand_id"],
    invoice_headers: [
      "organisation_id",
      "header",
      "header_type",
      "is_mandatory",
      "min_length",
      "max_length",
      "min_images_count",
      "max_images_count",
      "choices",
    ],
    invoice_detail_fields: ["organisation_id", "label", "field_type", "is_mandatory", "position"],
    cities: ["name", "state_id"],
    regions: ["name", "organisation_id"],
    zones: ["name", "region_id"],
    territories: ["name", "zone_id"],
    field_auditors: ["name", "mobile", "organisation_id"],
    programs: ["name", "sub_project_id"],
    panels: ["name", "description", "sub_project_id"],
    retailers: ["name", "mobile", "outlet_id"],
    outlets: [
      "rsid",
      "name",
      "owner_name",
      "address",
      "pin",
      "city_id",
      "territory_id",
      "phone",
      "pan",
      "gst",
      "ifsc",
      "account_number",
      "sub_project_id",
      "auditor_id",
      "workflow_state",
      "interim_status",
      "created",
      "modified",
      "state_id",
      "zone_id",
      "region_id",
      "status",
      "is_temp",
      "version",
      "program_id",
      "invoice_date",
    ],
    outlet_logs: [
      "outlet_id",
      "user_id",
      "action",
      "from_state",
      "to_state",
      "reasons",
      "description",
      "extra_data",
      "chain_rsids",
      "message",
      "created",
    ],
    field_app_dump_surveys: ["dump_id", "auditor_id", "rsid", "sub_project_slug", "survey_date", "record"],
    recovery_request_rsids: ["request_id", "position", "rsid"],
    outlet_payouts: [
      "outlet_id",
      "sub_project_id",
      "program",
      "amount",
      "client_payout_month",
      "rs_payout_month",
      "payment_status",
      "utr_number",
      "payment_date",
      "payment_remarks",
      "plotted_job_id",
      "status_job_id",
    ],
    payout_data: [
      "outlet_id",
      "sub_project_id",
      "outlet_name",
      "amount",
      "payout_month",
      "account_holder_name",
      "account_number",
      "ifsc_code",
      "pan_number",
      "phone_number",
      "remarks",
      "job_id",
    ],
    outlet_kyc_updates: [
      "outlet_id",
      "sub_project_id",
      "pan_number",
      "gst_number",
      "ifsc_code",
      "account_number",
      "pin_code",
      "job_id",
    ],
    whatsapp_messages: ["organisation_id", "phone_number", "template_name", "message", "status", "job_id"],
  }).map(([table, columns]) => [table, new Set(columns)]),
);

export type InsertMany = typeof insertMany;

function checkInsert(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): void {
  const allowed = INSERTABLE_COLUMNS.get(table);
  if (!allowed) throw new Error(`insertMany: ${JSON.stringify(table)} is not a table it may fill.`);
  for (const column of columns)
    if (!allowed.has(column))
      throw new Error(`insertMany: ${JSON.stringify(column)} is not a column of ${table} it may set.`);
  const width = rows.find((row) => row.length !== columns.length);
  if (width) throw new Error(`insertMany: each row of ${table} needs ${columns.length} values.`);
}

export async function insertMany(
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  checkInsert(table, columns, rows);
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const slots = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${slots.join(", ")})`;
    });
    await db.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${tuples.join(", ")}`, params);
  }
}

const ARRAY_BATCH_ROWS = 20_000;

/**
 * The same rows as one array per column, unnested by the database: a statement of 20,000 rows has
 * as many parameters as columns, so a million rows load several times faster than as VALUES lists
 * (docs/scaling.md). Each column's array type is read from the catalogue. Plain values only: text,
 * numbers, booleans, dates and null.
 */
export async function insertColumnArrays(
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  checkInsert(table, columns, rows);
  const types = await db.query<{ name: string; type: string }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [table],
  );
  const typeOf = new Map(types.map((t) => [t.name, t.type]));
  const slots = columns.map((column, i) => `$${i + 1}::${typeOf.get(column)}[]`).join(", ");
  const sql = `INSERT INTO ${table} (${columns.join(", ")}) SELECT * FROM unnest(${slots})`;
  for (let start = 0; start < rows.length; start += ARRAY_BATCH_ROWS) {
    const batch = rows.slice(start, start + ARRAY_BATCH_ROWS);
    await db.query(
      sql,
      columns.map((_, i) => batch.map((row) => (row[i] instanceof Date ? row[i].toISOString() : row[i]))),
    );
  }
}
