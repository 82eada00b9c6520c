/**
 * Collected bills of the Acme MI outlets (docs/invoices.md, docs/demo-data.md): the first outlets
 * of acme-mi-main, RS000089 first, get one to three invoices dated within the last weeks. The first
 * invoice of RS000089 and of the next outlet (RS000009, waiting for QC, so QC can edit it) is
 * complete with every header answered (paid on credit: the distributor's GSTIN verified, with its
 * names) and images of every kind, one without a name; RS000009's second invoice is pending with
 * its photos; the last outlet's invoices came without any image; the rest alternate complete and
 * pending with a bill photo each. Every invoice but the last outlet's has SKU rows with a value for
 * every SKU template field (each type), and the showcase invoices an add-on row the SKU list does
 * not hold.
 */
import { calendarDateAt } from "../../src/domain/shared/format";
import type { Queryable } from "../db/db";

const DAY_MS = 86_400_000;
/** Outlets of acme-mi-main that carry invoices. */
const OUTLETS_WITH_BILLS = 8;
export const BILLS_OUTLET = "RS000089";
/**
 * An outlet waiting for QC whose two invoices are both complete, for the SKU data editing slider's
 * browser test: its saves leave every list's pending counts as they were.
 */
export const SKU_SLIDER_OUTLET = "RS000137";

function billSvg(label: string, hue: number): string {
  const safe = label.replace(/[<>&"']/g, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="320" viewBox="0 0 240 320"><rect width="240" height="320" fill="#fbfaf4"/><rect x="0" y="0" width="240" height="40" fill="hsl(${hue},55%,40%)"/><text x="120" y="27" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">${safe}</text><g fill="#bbb"><rect x="20" y="70" width="200" height="8"/><rect x="20" y="95" width="160" height="8"/><rect x="20" y="120" width="180" height="8"/><rect x="20" y="145" width="120" height="8"/><rect x="20" y="260" width="200" height="2"/></g></svg>`;
}

type Header = { id: number; header: string; header_type: string };

/** A complete invoice's answer for each header type. */
function answerFor(h: Header, invoiceNo: string, date: string, credit: boolean) {
  switch (h.header_type) {
    case "text":
      return { single_input: invoiceNo };
    case "date":
      return { single_input: date };
    case "number":
      return { single_input: "1840.50" };
    case "time":
      return { single_input: "10:30" };
    case "dropdown":
      return { single_input: credit ? "Credit" : "Cash" };
    case "gst_number":
      return credit
        ? {
            single_input: "27AAPFU0939F1ZV",
            verified: true,
            gst_legal_name: "Sharma Distributors Private Limited",
            gst_trade_name: "Sharma Distributors",
            gst_registration_status: "Active",
          }
        : null;
    case "pan_number":
      return { single_input: "ABCDE1234F", verified: true, pan_holder_name: "RAVI KUMAR SHARMA" };
    default:
      return null;
  }
}

export async function seedInvoices(tx: Queryable, now: number): Promise<void> {
  const outlets = await tx.query<{ wo: number; rsid: string; organisation_id: number }>(
    `SELECT w.id AS wo, o.rsid, p.organisation_id FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
     JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE s.slug = 'acme-mi-main' ORDER BY o.rsid <> $1, o.rsid LIMIT $2`,
    [BILLS_OUTLET, OUTLETS_WITH_BILLS],
  );
  if (outlets.length === 0) return;
  outlets.push(
    ...(await tx.query<{ wo: number; rsid: string; organisation_id: number }>(
      `SELECT w.id AS wo, o.rsid, p.organisation_id FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
       JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id WHERE o.rsid = $1`,
      [SKU_SLIDER_OUTLET],
    )),
  );
  const headers = await tx.query<Header>(
    `SELECT h.id, h.header, h.header_type FROM invoice_headers h
     JOIN invoice_template_headers th ON th.header_id = h.id
     JOIN sub_project_invoice_setups s ON s.template_id = th.template_id
     JOIN sub_projects sp ON sp.id = s.sub_project_id WHERE sp.slug = 'acme-mi-main' ORDER BY h.id`,
  );
  const skuSetup = await skuSetupOf(tx);
  const created = new Date(now);
  const image = async (invoice: number, kind: string, name: string | null, hue: number, header?: number) =>
    tx.query(
      `INSERT INTO invoice_images (invoice_id, kind, header_id, name, content_type, content, created)
       VALUES ($1, $2, $3, $4, 'image/svg+xml', convert_to($5, 'UTF8'), $6)`,
      [invoice, kind, header ?? null, name, billSvg(name ?? kind, hue), created],
    );

  const withoutImages = OUTLETS_WITH_BILLS - 1;
  for (const [k, o] of outlets.entries()) {
    const slider = o.rsid === SKU_SLIDER_OUTLET;
    const count = k === 0 ? 3 : k === 1 || k === withoutImages || slider ? 2 : 1 + (k % 2);
    for (let n = 1; n <= count; n++) {
      const invoiceNo = `INV-${o.rsid.slice(2)}-${n}`;
      const date = calendarDateAt(now - (k * 3 + n) * DAY_MS);
      // The first invoice of each of the first two outlets shows every kind of answer and image.
      const showcase = (k <= 1 || slider) && n === 1;
      const complete =
        slider || (k === 0 ? n < 3 : k === 1 ? n === 1 : k === withoutImages ? false : (k + n) % 2 === 0);
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO invoices (workflow_object_id, position, invoice_no, invoice_date, is_complete, created)
         VALUES ($1, $2, $3, $4::date, $5, $6) RETURNING id`,
        [o.wo, n, invoiceNo, date, complete, created],
      );
      const id = row!.id;
      if (complete)
        for (const h of headers) {
          const a = answerFor(h, invoiceNo, date, showcase);
          if (a === null) continue;
          await tx.query(
            `INSERT INTO invoice_header_answers (invoice_id, header_id, single_input, is_verified, gst_legal_name,
               gst_registration_status, gst_trade_name, pan_holder_name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [
              id,
              h.id,
              a.single_input,
              "verified" in a && a.verified === true,
              "gst_legal_name" in a ? a.gst_legal_name : null,
              "gst_registration_status" in a ? a.gst_registration_status : null,
              "gst_trade_name" in a ? a.gst_trade_name : null,
              "pan_holder_name" in a ? a.pan_holder_name : null,
            ],
          );
        }
      // The last outlet's bills came without SKU entries or images.
      if (k !== withoutImages || k <= 1) await skuRows(tx, id, skuSetup, k + n, showcase);
      if (k === withoutImages && k > 1) continue;
      await image(id, "invoice", `Bill ${invoiceNo}`, (k * 40 + n * 15) % 360);
      // The image header's photos came with the bill, so a pending invoice can be saved on screen.
      for (const h of headers.filter((x) => x.header_type === "multiple_image"))
        if (complete || k === 1) await image(id, "header", `${h.header} ${invoiceNo}`, 200, h.id);
      if (showcase) {
        await image(id, "invoice", null, 30);
        await image(id, "sku", "Cola 250 ml shelf", 120);
        await image(id, "sku", "Cola 500 ml shelf", 140);
        await image(id, "add_on_sku", "Lemon soda 200 ml", 60);
      }
    }
  }
}

type SkuSetup = {
  fields: { id: number; name: string }[];
  listed: { id: number; name: string }[];
};

async function skuSetupOf(tx: Queryable): Promise<SkuSetup> {
  const fields = await tx.query<{ id: number; name: string }>(
    `SELECT f.id, f.name FROM sku_template_fields f JOIN sub_projects s ON s.id = f.sub_project_id
     WHERE s.slug = 'acme-mi-main' ORDER BY f.position, f.id`,
  );
  const listed = await tx.query<{ id: number; name: string }>(
    `SELECT x.id, x.name FROM sub_project_skus x JOIN sub_projects s ON s.id = x.sub_project_id
     WHERE s.slug = 'acme-mi-main' AND NOT x.added_by_retailer ORDER BY x.id`,
  );
  return { fields, listed };
}

/** A valid value of each seeded SKU template field (server/seed/invoiceSetup.ts), varied by row. */
function skuValue(field: string, n: number): string {
  switch (field) {
    case "Batch":
      return `B-26${String(10 + n).padStart(2, "0")}`;
    case "Quantity":
      return String(6 * (n + 1));
    case "Rate":
      return (18.5 + n * 4).toFixed(2);
    case "Pack":
      return ["Box", "Strip", "Loose"][n % 3]!;
    case "Expiry":
      return `2027-0${1 + (n % 9)}-15`;
    case "Delivered at":
      return `1${n % 10}:30`;
    default:
      return "";
  }
}

/** Two or three SKU rows of listed SKUs, and on a showcase invoice an add-on row. */
async function skuRows(tx: Queryable, invoice: number, setup: SkuSetup, seed: number, showcase: boolean) {
  if (setup.listed.length === 0) return;
  const count = 2 + (seed % 2);
  const rows: { kind: string; listed: { id: number; name: string } | null; n: number }[] = [];
  for (let r = 0; r < count; r++)
    rows.push({ kind: "sku", listed: setup.listed[(seed + r) % setup.listed.length]!, n: seed + r });
  if (showcase) rows.push({ kind: "add_on", listed: null, n: seed + count });
  for (const [position, row] of rows.entries()) {
    const [inserted] = await tx.query<{ id: number }>(
      `INSERT INTO invoice_sku_rows (invoice_id, kind, sub_project_sku_id, sku_name, add_on_sku, manufacturer,
         brand, variant, sub_category, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      row.listed
        ? [invoice, row.kind, row.listed.id, row.listed.name, null, "", "", "", "", position + 1]
        : [
            invoice,
            row.kind,
            null,
            "",
            "Fresh Fizz lemon soda 200 ml",
            "Fresh Fizz Beverages",
            "Fresh Fizz",
            "Lemon 200 ml",
            "Carbonated drinks",
            position + 1,
          ],
    );
    for (const field of setup.fields)
      await tx.query(
        "INSERT INTO invoice_sku_values (row_id, sku_template_field_id, single_input) VALUES ($1, $2, $3)",
        [inserted!.id, field.id, skuValue(field.name, row.n)],
      );
  }
}
