/**
 * Demo rows of the administered resources the first seed does not make elsewhere: each client
 * organisation's GST registration, an offer, and its SKU and invoice catalogue (docs/demo-data.md).
 */
import type { Queryable } from "../db/db";
import { insertMany } from "../db/insertMany";

type Org = { id: number; name: string };

const FAMILIES = [
  {
    family: "Beverages",
    categories: [
      ["Carbonated drinks", ["Cola", "Lemon"]],
      ["Juices", ["Mango", "Mixed fruit"]],
    ],
  },
  {
    family: "Snacks",
    categories: [
      ["Chips", ["Salted", "Masala"]],
      ["Biscuits", ["Cream", "Glucose"]],
    ],
  },
] as const;

const MAKERS = [
  {
    maker: "Acme Bottling",
    brands: [
      ["Fizzup", ["250 ml", "600 ml"]],
      ["Juicee", ["200 ml", "1 l"]],
    ],
  },
  { maker: "Crunch Foods", brands: [["Crunchies", ["50 g", "100 g"]]] },
] as const;

const INVOICE_HEADERS = [
  { header: "Invoice number", type: "text", mandatory: true, min_length: 3, max_length: 30 },
  { header: "Invoice date", type: "date", mandatory: true },
  { header: "Distributor GSTIN", type: "gst_number", mandatory: false },
  { header: "Invoice images", type: "multiple_image", mandatory: true, min_images: 1, max_images: 3 },
  { header: "Payment mode", type: "dropdown", mandatory: true, choices: "Cash;UPI;Credit" },
] as const;

const DETAIL_FIELDS = [
  ["SKU", "dropdown", true],
  ["Quantity", "number", true],
  ["Rate", "number", true],
  ["Batch", "text", false],
] as const;

async function idOf(tx: Queryable, table: string, org: number, name: string): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `SELECT id FROM ${table} WHERE organisation_id = $1 AND name = $2`,
    [org, name],
  );
  return row!.id;
}

async function seedCatalogue(tx: Queryable, org: Org) {
  for (const { family, categories } of FAMILIES) {
    await insertMany(tx, "product_families", ["organisation_id", "name"], [[org.id, family]]);
    const familyId = await idOf(tx, "product_families", org.id, family);
    for (const [category, subs] of categories) {
      await insertMany(
        tx,
        "categories",
        ["organisation_id", "name", "product_family_id"],
        [[org.id, category, familyId]],
      );
      const categoryId = await idOf(tx, "categories", org.id, category);
      await insertMany(
        tx,
        "sub_categories",
        ["organisation_id", "name", "category_id"],
        subs.map((s) => [org.id, `${category} ${s}`, categoryId]),
      );
    }
  }
  for (const { maker, brands } of MAKERS) {
    await insertMany(tx, "manufacturers", ["organisation_id", "name"], [[org.id, maker]]);
    const makerId = await idOf(tx, "manufacturers", org.id, maker);
    for (const [brand, variants] of brands) {
      await insertMany(
        tx,
        "brands",
        ["organisation_id", "name", "manufacturer_id"],
        [[org.id, brand, makerId]],
      );
      const brandId = await idOf(tx, "brands", org.id, brand);
      await insertMany(
        tx,
        "variants",
        ["organisation_id", "name", "brand_id"],
        variants.map((v) => [org.id, `${brand} ${v}`, brandId]),
      );
    }
  }
  // One SKU per variant, filed under the first sub-category of its maker's family.
  await tx.query(
    `INSERT INTO skus (organisation_id, sku_code, name, brand, mrp, variant_id, sub_category_id)
     SELECT $1, 'SKU-' || lpad(row_number() OVER (ORDER BY v.id)::text, 4, '0'), v.name, b.name,
            40 + 15 * row_number() OVER (ORDER BY v.id), v.id,
            (SELECT min(s.id) FROM sub_categories s WHERE s.organisation_id = $1)
     FROM variants v JOIN brands b ON b.id = v.brand_id WHERE v.organisation_id = $1`,
    [org.id],
  );
  await insertMany(
    tx,
    "invoice_headers",
    [
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
    INVOICE_HEADERS.map((h) => [
      org.id,
      h.header,
      h.type,
      h.mandatory,
      "min_length" in h ? h.min_length : null,
      "max_length" in h ? h.max_length : null,
      "min_images" in h ? h.min_images : null,
      "max_images" in h ? h.max_images : null,
      "choices" in h ? h.choices : "",
    ]),
  );
  // The distributor's GSTIN is asked only when the invoice was paid on credit (001 §4.8).
  await tx.query(
    `UPDATE invoice_headers h SET show_logic_invoice_header_id = p.id, show_logic_invoice_condition = 'is_equal_to',
       show_logic_invoice_option = 'Credit'
     FROM invoice_headers p WHERE p.organisation_id = h.organisation_id AND p.header = 'Payment mode'
       AND h.header = 'Distributor GSTIN' AND h.organisation_id = $1`,
    [org.id],
  );
  await insertMany(
    tx,
    "invoice_detail_fields",
    ["organisation_id", "label", "field_type", "is_mandatory", "position"],
    DETAIL_FIELDS.map(([label, type, mandatory], i) => [org.id, label, type, mandatory, i + 1]),
  );
  // The standard bill asks every header and detail field; the quick bill only the mandatory ones.
  const [standard, quick] = await tx.query<{ id: number }>(
    `INSERT INTO invoice_templates (organisation_id, name, is_active) VALUES ($1, 'Standard bill', true),
       ($1, 'Quick bill', false) RETURNING id`,
    [org.id],
  );
  await tx.query(
    `INSERT INTO invoice_template_headers (template_id, header_id)
     SELECT $2::int, id FROM invoice_headers WHERE organisation_id = $1
     UNION ALL SELECT $3::int, id FROM invoice_headers WHERE organisation_id = $1 AND is_mandatory`,
    [org.id, standard!.id, quick!.id],
  );
  await tx.query(
    `INSERT INTO invoice_template_fields (template_id, field_id)
     SELECT $2::int, id FROM invoice_detail_fields WHERE organisation_id = $1
     UNION ALL SELECT $3::int, id FROM invoice_detail_fields WHERE organisation_id = $1 AND is_mandatory`,
    [org.id, standard!.id, quick!.id],
  );
}

/** GST registrations, offers and catalogues of the client organisations. */
export async function seedAdministeredResources(tx: Queryable, clients: readonly Org[]): Promise<void> {
  const states = await tx.query<{ id: number; code: string; name: string }>(
    "SELECT id, code, name FROM states ORDER BY id",
  );
  for (const [i, org] of clients.entries()) {
    const state = states[i % states.length]!;
    const slug = org.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    await insertMany(
      tx,
      "organisation_gst_details",
      ["organisation_id", "gstin", "legal_name", "state_id", "address"],
      [
        [
          org.id,
          `${state.code}AABC${String(1234 + i).padStart(4, "0")}F1Z${i + 1}`,
          `${org.name} Private Limited`,
          state.id,
          `${i + 12}, Industrial Area, ${state.name}`,
        ],
      ],
    );
    await insertMany(
      tx,
      "offers",
      ["organisation_id", "slug", "title", "description", "starts_on", "ends_on", "is_active"],
      [
        [
          org.id,
          `${slug}-festive-bonus`,
          "Festive bonus",
          "Rs 500 extra on a complete audit with invoices.",
          "2026-10-01",
          "2026-11-30",
          true,
        ],
        [
          org.id,
          `${slug}-monsoon-drive`,
          "Monsoon drive",
          "Double points on verified KYC.",
          "2026-06-01",
          "2026-08-31",
          false,
        ],
      ],
    );
    await seedCatalogue(tx, org);
  }
}
