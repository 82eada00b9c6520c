/**
 * The Acme MI sub-project's invoice and SKU setup (docs/demo-data.md): a template whose headers are
 * of all eight types (the distributor's GSTIN shown only on credit), SKU template fields of every
 * type, and a SKU list of catalogue SKUs and one a retailer added.
 */
import type { Queryable } from "../db/db";

/** The header types the catalogue's demo headers lack, so the MI template has all eight. */
const MORE_HEADERS = [
  { header: "Invoice amount", type: "number", mandatory: true, lower: 1, upper: 1_000_000, decimals: true },
  { header: "Delivery time", type: "time", mandatory: false },
  { header: "Retailer PAN", type: "pan_number", mandatory: false },
] as const;

const SKU_FIELDS = [
  { name: "Batch", type: "text", mandatory: false, min_length: 3, max_length: 12 },
  { name: "Quantity", type: "number", mandatory: true, lower: 1, upper: 500 },
  { name: "Rate", type: "number", mandatory: true, lower: 0, upper: 10_000, decimals: true },
  { name: "Pack", type: "dropdown", mandatory: true, choices: "Box;Strip;Loose" },
  { name: "Expiry", type: "date", mandatory: false, after: "2026-01-01", before: "2028-12-31" },
  { name: "Delivered at", type: "time", mandatory: false, after: "08:00", before: "21:00" },
] as const;

export async function seedInvoiceSetup(tx: Queryable): Promise<void> {
  const [mi] = await tx.query<{ id: number; organisation_id: number }>(
    `SELECT s.id, p.organisation_id FROM sub_projects s JOIN projects p ON p.id = s.project_id
     WHERE s.slug = 'acme-mi-main'`,
  );
  if (!mi) return;
  const org = mi.organisation_id;
  // A handful of rows: one statement each.
  for (const h of MORE_HEADERS)
    await tx.query(
      `INSERT INTO invoice_headers (organisation_id, header, header_type, is_mandatory, lower_limit, upper_limit,
         allow_decimals) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        org,
        h.header,
        h.type,
        h.mandatory,
        "lower" in h ? h.lower : null,
        "upper" in h ? h.upper : null,
        "decimals" in h ? h.decimals : false,
      ],
    );

  const [template] = await tx.query<{ id: number }>(
    "INSERT INTO invoice_templates (organisation_id, name, is_active) VALUES ($1, 'MI bill', true) RETURNING id",
    [org],
  );
  await tx.query(
    `INSERT INTO invoice_template_headers (template_id, header_id)
     SELECT $2::int, id FROM invoice_headers WHERE organisation_id = $1`,
    [org, template!.id],
  );
  await tx.query(
    `INSERT INTO invoice_template_fields (template_id, field_id)
     SELECT $2::int, id FROM invoice_detail_fields WHERE organisation_id = $1`,
    [org, template!.id],
  );
  await tx.query(
    "INSERT INTO sub_project_invoice_setups (sub_project_id, template_id, version) VALUES ($1, $2, 1)",
    [mi.id, template!.id],
  );
  for (const [i, f] of SKU_FIELDS.entries())
    await tx.query(
      `INSERT INTO sku_template_fields (sub_project_id, name, field_type, is_mandatory, position, min_length,
         max_length, lower_limit, upper_limit, allow_decimals, greater_than, lower_than, choices)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        mi.id,
        f.name,
        f.type,
        f.mandatory,
        i + 1,
        "min_length" in f ? f.min_length : null,
        "max_length" in f ? f.max_length : null,
        "lower" in f ? f.lower : null,
        "upper" in f ? f.upper : null,
        "decimals" in f ? f.decimals : false,
        "after" in f ? f.after : "",
        "before" in f ? f.before : "",
        "choices" in f ? f.choices : "",
      ],
    );
  // The first six catalogue SKUs of Acme's (the rest are left for the SKU upload), and one a retailer added by hand.
  await tx.query(
    `INSERT INTO sub_project_skus (sub_project_id, sku_id, name)
     SELECT $1, id, brand || ' ' || name FROM skus WHERE organisation_id = $2 ORDER BY id LIMIT 6`,
    [mi.id, org],
  );
  await tx.query(
    "INSERT INTO sub_project_skus (sub_project_id, name, added_by_retailer) VALUES ($1, 'Local lemon soda 200 ml', true)",
    [mi.id],
  );
}
