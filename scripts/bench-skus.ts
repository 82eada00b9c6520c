/**
 * The invoice and SKU data editing slider at scale, measured inside the outlet benchmark's
 * 100,000-outlet database: an MI outlet waiting for QC given 200 invoices of 50 SKU rows each (the
 * header answers, images and a row's values copied from a demo invoice), then what the slider reads before its
 * first invoice shows (new SKU data, the SKU list, the first invoice's rows; p95 target 50 ms
 * together) and an invoice of 50 rows saved with one changed value (p95 target 100 ms, as a group
 * of answers), each through the app in process.
 */
import type { Db } from "../server/db/db";
import { percentile, type TimedCall } from "./bench-app";

export const FIRST_INVOICE_P95_TARGET_MS = 50;
export const INVOICE_SAVE_P95_TARGET_MS = 100;
const INVOICES = 200;
const ROWS = 50;
const ROUNDS = 60;

type Opened = {
  id: number;
  version: number;
  simplifiedinvoiceheaderanswer: { invoice_header: number; single_input: string | null }[];
  simplifiedinvoiceskudata: {
    id: number;
    sku: number | null;
    sku_name: string;
    add_on_sku: string | null;
    manufacturer: string;
    brand: string;
    variant: string;
    sub_category: string;
    simplifiedinvoiceskudetails: { sku_template_field: number; single_input: string }[];
  }[];
};

const fmt = (n: number) => n.toFixed(1);

/** The whole invoice as the slider saves it, with one value of its first row changed. */
function saveBody(invoice: Opened, quantityField: number, round: number) {
  const row = (r: Opened["simplifiedinvoiceskudata"][number], i: number) => ({
    id: r.id,
    sku: r.sku,
    sku_name: r.sku_name,
    add_on_sku: r.add_on_sku,
    manufacturer: r.manufacturer,
    brand: r.brand,
    variant: r.variant,
    sub_category: r.sub_category,
    simplifiedinvoiceskudetails: r.simplifiedinvoiceskudetails.map((d) => ({
      sku_template_field: d.sku_template_field,
      single_input:
        i === 0 && d.sku_template_field === quantityField ? String(10 + (round % 50)) : d.single_input,
    })),
  });
  return {
    version: invoice.version,
    answers: invoice.simplifiedinvoiceheaderanswer.map((a) => ({
      invoice_header: a.invoice_header,
      single_input: a.single_input ?? "",
    })),
    simplifiedinvoiceskudata: invoice.simplifiedinvoiceskudata.map(row),
    simplifiedinvoiceaddonsku: [],
  };
}

export async function benchSkus(db: Db, call: TimedCall, qc: Record<string, string>) {
  const [sub] = await db.query<{ id: number; slug: string }>(
    "SELECT id, slug FROM sub_projects WHERE slug = 'acme-mi-main'",
  );
  // A demo invoice whose headers are answered and a complete SKU row's values: valid by every rule.
  const [sample] = await db.query<{ invoice: number; row: number }>(
    `SELECT r.invoice_id AS invoice, r.id AS row FROM invoice_sku_rows r
     JOIN invoices i ON i.id = r.invoice_id JOIN workflow_objects w ON w.id = i.workflow_object_id
     JOIN outlets o ON o.id = w.outlet_id
     WHERE o.sub_project_id = $1 AND r.kind = 'sku' AND i.is_complete
       AND (SELECT count(*) FROM invoice_sku_values v WHERE v.row_id = r.id)
         = (SELECT count(*) FROM sku_template_fields f WHERE f.sub_project_id = $1)
     ORDER BY r.id LIMIT 1`,
    [sub!.id],
  );
  const [target] = await db.query<{ wo: number; outlet: number }>(
    `SELECT w.id AS wo, o.id AS outlet FROM outlets o JOIN workflow_objects w ON w.outlet_id = o.id
     WHERE o.sub_project_id = $1
       AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.workflow_object_id = w.id)
       AND NOT EXISTS (SELECT 1 FROM retailer_master_requests r WHERE r.workflow_object_id = w.id)
     ORDER BY o.id LIMIT 1`,
    [sub!.id],
  );
  if (!sample || !target) throw new Error("no MI outlet or demo SKU row to copy");
  await db.query("UPDATE outlets SET workflow_state = 'qc_pending' WHERE id = $1", [target.outlet]);

  const started = performance.now();
  await db.query(
    `INSERT INTO invoices (workflow_object_id, position, invoice_no, invoice_date, is_complete, created)
     SELECT $1, n, 'BENCH-' || n, date '2026-11-01', true, now() FROM generate_series(1, $2) n`,
    [target.wo, INVOICES],
  );
  await db.query(
    `INSERT INTO invoice_header_answers (invoice_id, header_id, single_input)
     SELECT i.id, a.header_id, a.single_input FROM invoices i
     CROSS JOIN (SELECT header_id, single_input FROM invoice_header_answers WHERE invoice_id = $2) a
     WHERE i.workflow_object_id = $1`,
    [target.wo, sample.invoice],
  );
  // The demo invoice's pictures (its image headers need theirs).
  await db.query(
    `INSERT INTO invoice_images (invoice_id, kind, header_id, name, content_type, content, created)
     SELECT i.id, m.kind, m.header_id, m.name, m.content_type, m.content, now() FROM invoices i
     CROSS JOIN (SELECT kind, header_id, name, content_type, content FROM invoice_images WHERE invoice_id = $2) m
     WHERE i.workflow_object_id = $1`,
    [target.wo, sample.invoice],
  );
  await db.query(
    `WITH listed AS (
       SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names
       FROM sub_project_skus WHERE sub_project_id = $2)
     INSERT INTO invoice_sku_rows (invoice_id, kind, sub_project_sku_id, sku_name, position)
     SELECT i.id, 'sku', l.ids[1 + (n - 1) % cardinality(l.ids)], l.names[1 + (n - 1) % cardinality(l.ids)], n
     FROM invoices i CROSS JOIN generate_series(1, $3) n CROSS JOIN listed l WHERE i.workflow_object_id = $1`,
    [target.wo, sub!.id, ROWS],
  );
  await db.query(
    `INSERT INTO invoice_sku_values (row_id, sku_template_field_id, single_input)
     SELECT r.id, v.sku_template_field_id, v.single_input
     FROM invoice_sku_rows r JOIN invoices i ON i.id = r.invoice_id
     CROSS JOIN (SELECT sku_template_field_id, single_input FROM invoice_sku_values WHERE row_id = $2) v
     WHERE i.workflow_object_id = $1`,
    [target.wo, sample.row],
  );
  await db.exec("ANALYZE invoices; ANALYZE invoice_sku_rows; ANALYZE invoice_sku_values");
  const loadMs = performance.now() - started;
  const [{ values } = { values: 0 }] = await db.query<{ values: number }>(
    `SELECT count(*)::int AS values FROM invoice_sku_values v JOIN invoice_sku_rows r ON r.id = v.row_id
     JOIN invoices i ON i.id = r.invoice_id WHERE i.workflow_object_id = $1`,
    [target.wo],
  );
  const [quantity] = await db.query<{ id: number }>(
    "SELECT id FROM sku_template_fields WHERE sub_project_id = $1 AND field_type = 'number' ORDER BY position, id LIMIT 1",
    [sub!.id],
  );

  const list = `/api/new-sku-data/?workflow_object=${target.wo}&no-pagination`;
  const skus = `/api/sku-list/?sub_project__slug=${sub!.slug}&exclude_retailers=true&no-pagination`;
  const invoicePath = (id: number) => `/api/invoices/${id}/sku-data/`;
  const first = async () => {
    const listed = await call("GET", list, qc);
    const skuList = await call("GET", skus, qc);
    const invoices = listed.json.invoices as { id: number }[];
    const opened = await call("GET", invoicePath(invoices[0]!.id), qc);
    return {
      ms: listed.ms + skuList.ms + opened.ms,
      cpuMs: listed.cpuMs + skuList.cpuMs + opened.cpuMs,
      bytes: [listed, skuList, opened].reduce((n, r) => n + JSON.stringify(r.json).length, 0),
      invoices,
    };
  };
  const warm = await first();
  const opens: number[] = [];
  const openCpu: number[] = [];
  const saves: number[] = [];
  const saveCpu: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const open = await first();
    opens.push(open.ms);
    openCpu.push(open.cpuMs);
    const id = open.invoices[round % open.invoices.length]!.id;
    const invoice = (await call("GET", invoicePath(id), qc)).json as unknown as Opened;
    const save = await call("PUT", invoicePath(id), qc, saveBody(invoice, quantity!.id, round));
    if ((save.json as { id?: number }).id !== id)
      throw new Error(`invoice save refused: ${JSON.stringify(save.json).slice(0, 300)}`);
    saves.push(save.ms);
    saveCpu.push(save.cpuMs);
  }
  for (const l of [opens, openCpu, saves, saveCpu]) l.sort((a, b) => a - b);
  const openP95 = percentile(opens, 95);
  const saveP95 = percentile(saves, 95);
  return {
    withinTargets: openP95 < FIRST_INVOICE_P95_TARGET_MS && saveP95 < INVOICE_SAVE_P95_TARGET_MS,
    lines: [
      "| invoice and SKU data slider | p50 ms | p95 ms | CPU p50 ms | CPU p95 ms | target p95 |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      `| the first invoice shown: new SKU data, the SKU list and its rows, for an outlet of ${INVOICES} invoices of ${ROWS} rows (${values.toLocaleString("en")} values loaded in ${fmt(loadMs / 1000)} s; ${fmt(warm.bytes / 1024)} KB of JSON) | ${fmt(percentile(opens, 50))} | **${fmt(openP95)}** | ${fmt(percentile(openCpu, 50))} | ${fmt(percentile(openCpu, 95))} | ${FIRST_INVOICE_P95_TARGET_MS} |`,
      `| saving an invoice of ${ROWS} rows with one changed value (every rule, row lock, version check, QC Edit History) | ${fmt(percentile(saves, 50))} | **${fmt(saveP95)}** | ${fmt(percentile(saveCpu, 50))} | ${fmt(percentile(saveCpu, 95))} | ${INVOICE_SAVE_P95_TARGET_MS} |`,
      "",
    ],
  };
}
