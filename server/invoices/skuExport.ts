/**
 * The CSV export of chosen SKU rows (001 §7 export to CSV: data_to_export, workflow_object_id,
 * add_on_sku → a file opened in a new tab): an export job in My Downloads whose file lists each
 * row with its invoice and a column per SKU template field. Only rows of the named workflow
 * object's invoices, of the kind asked, may be chosen.
 */
import type { ExportJob } from "../../src/domain/downloads/downloads";
import type { SkuExport } from "../../src/domain/invoices/invoiceSkus";
import type { AppDeps } from "../context";
import { createExport, exportOf } from "../exports/exportJobs";
import { NOT_FOUND, Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";
import { visibleWorkflowObject } from "../survey/read";

const ROWS_NOT_OF_OUTLET = "Choose rows of this outlet's invoices.";

export async function startSkuExport(
  deps: AppDeps,
  viewer: OutletViewer,
  body: SkuExport,
): Promise<ExportJob> {
  const wo = await visibleWorkflowObject(deps.db, viewer, body.workflow_object_id);
  if (!wo) throw new Problem(404, { ...NOT_FOUND });
  const ids = [...new Set(body.data_to_export)];
  const [found] = await deps.db.query<{ n: number; rsid: string }>(
    `SELECT count(*)::int AS n, (SELECT rsid FROM outlets WHERE id = $4) AS rsid
     FROM invoice_sku_rows r JOIN invoices i ON i.id = r.invoice_id
     WHERE r.id = ANY ($1::int[]) AND i.workflow_object_id = $2 AND r.kind = $3`,
    [ids, wo.id, body.add_on_sku ? "add_on" : "sku", wo.outlet_id],
  );
  if (found!.n !== ids.length) throw new Problem(400, { data_to_export: [ROWS_NOT_OF_OUTLET] });
  const now = new Date(deps.clock());
  const id = await createExport(deps.db, {
    userId: viewer.user.id,
    organisationId: viewer.user.organisation_id,
    title: `${body.add_on_sku ? "Add-on SKU" : "SKU"} rows of ${found!.rsid}`,
    kind: "sku_rows",
    params: { workflow_object_id: wo.id, rows: ids, add_on_sku: body.add_on_sku },
    now,
  });
  return exportOf(deps.db, id, now.getTime());
}
