/**
 * The sheet of a SKU rows export (server/invoices/skuExport.ts starts it): the chosen rows in invoice
 * and row order, each with its invoice and a column per SKU template field by name.
 */
import type { Queryable } from "../db/db";
import { skuTemplateFields } from "../invoices/skuRows";

const BASE_COLUMNS = [
  "invoice_no",
  "invoice_date",
  "sku_name",
  "sku_code",
  "add_on_sku",
  "manufacturer",
  "brand",
  "variant",
  "sub_category",
] as const;

/** The export's rows, in invoice and row order, with a column per template field by its name. */
export async function skuRowsSheet(
  db: Queryable,
  params: { workflow_object_id: number; rows: number[] },
): Promise<{ name: string; header: string[]; rows: Record<string, string>[] }> {
  const [wo] = await db.query<{ sub_project_id: number }>(
    "SELECT o.sub_project_id FROM workflow_objects w JOIN outlets o ON o.id = w.outlet_id WHERE w.id = $1",
    [params.workflow_object_id],
  );
  const fields = wo ? await skuTemplateFields(db, wo.sub_project_id) : [];
  type Row = Record<(typeof BASE_COLUMNS)[number], string> & { id: number };
  const rows = await db.query<Row>(
    `SELECT r.id, i.invoice_no, coalesce(to_char(i.invoice_date, 'YYYY-MM-DD'), '') AS invoice_date, r.sku_name,
       coalesce(k.sku_code, '') AS sku_code, coalesce(r.add_on_sku, '') AS add_on_sku, r.manufacturer, r.brand, r.variant, r.sub_category
     FROM invoice_sku_rows r JOIN invoices i ON i.id = r.invoice_id
     LEFT JOIN sub_project_skus x ON x.id = r.sub_project_sku_id LEFT JOIN skus k ON k.id = x.sku_id
     WHERE r.id = ANY ($1::int[]) AND i.workflow_object_id = $2 ORDER BY i.position, r.kind, r.position, r.id`,
    [params.rows, params.workflow_object_id],
  );
  const values = await db.query<{ row_id: number; field: number; single_input: string }>(
    `SELECT row_id, sku_template_field_id AS field, single_input FROM invoice_sku_values
     WHERE row_id = ANY ($1::int[])`,
    [params.rows],
  );
  const cell = new Map(values.map((v) => [`${v.row_id}:${v.field}`, v.single_input]));
  const header = [...BASE_COLUMNS, ...fields.map((f) => f.name)];
  return {
    name: "sku_rows",
    header,
    rows: rows.map(({ id, ...r }) => {
      const out: Record<string, string> = { ...r };
      for (const f of fields) out[f.name] = cell.get(`${id}:${f.id}`) ?? "";
      return out;
    }),
  };
}
