/**
 * Demo data of the bulk upload area: one confirmed payout plotting upload (with its real file and
 * result files) whose payouts are the plotted payouts of the 3P payout cycle's outlets in
 * payouts_plotted, and the main branch IFSC of each demo bank in the bank code list.
 */
import type { Queryable } from "../db/db";
import { saveCleanRows } from "../uploads/cleanRows";
import { writeWorkbook, XLSX_CONTENT_TYPE } from "../uploads/excel";
import { saveFile } from "../uploads/files";
import { BANKS } from "./places";

export const DEMO_PLOTTING_FILE = "november_payouts.xlsx";
const PLOTTING_COLUMNS = ["rsid", "program", "amount", "client_payout_month", "rs_payout_month"];

export async function seedUploads(tx: Queryable, now: number): Promise<void> {
  await tx.query(
    `INSERT INTO bank_codes (ifsc_code, bank_code, bank, branch)
     SELECT x.code || '0000001', x.code, x.name, 'Main Branch' FROM unnest($1::text[], $2::text[]) AS x(code, name)`,
    [BANKS.map((b) => b.code), BANKS.map((b) => b.name)],
  );
  const [cycle] = await tx.query<{ id: number; project_id: number; organisation_id: number }>(
    `SELECT s.id, s.project_id, p.organisation_id FROM sub_projects s JOIN projects p ON p.id = s.project_id
     WHERE s.slug = 'acme-3p-payout-cycle-1'`,
  );
  const [admin] = await tx.query<{ id: number }>("SELECT id FROM users WHERE username = 'admin'");
  if (!cycle || !admin) return;
  const outlets = await tx.query<{ id: number; rsid: string }>(
    `SELECT id, rsid FROM outlets WHERE sub_project_id = $1 AND workflow_state = 'payouts_plotted' ORDER BY rsid`,
    [cycle.id],
  );
  const rows = outlets.map((o, i) => [
    o.rsid,
    "Cooler Placement",
    `${1000 + (i % 5) * 250}.00`,
    "2026-10",
    "2026-11",
  ]);
  const created = new Date(now - 2 * 24 * 60 * 60 * 1000);
  const file = (name: string, content: Uint8Array) =>
    saveFile(tx, {
      name,
      contentType: XLSX_CONTENT_TYPE,
      content,
      organisationId: cycle.organisation_id,
      ownerId: admin.id,
      created,
    });
  const fileId = await file(DEMO_PLOTTING_FILE, writeWorkbook("payouts", PLOTTING_COLUMNS, rows));
  const cleanId = await file("november_payouts_clean.xlsx", writeWorkbook("clean", PLOTTING_COLUMNS, rows));
  const uncleanId = await file(
    "november_payouts_unclean.xlsx",
    writeWorkbook("unclean", [...PLOTTING_COLUMNS, "errors"], []),
  );
  const clean = rows.map((r) => Object.fromEntries(PLOTTING_COLUMNS.map((c, i) => [c, r[i]])));
  const [job] = await tx.query<{ id: number }>(
    `INSERT INTO bulk_upload_jobs (object_type, organisation_id, project_id, sub_project_id, created_by, created,
       file_id, file_name, status, total_objects, total_clean_objects, total_unclean_objects, total_validated_objects,
       progress, clean_file_id, unclean_file_id, activated_by, activated_at)
     VALUES ('payout_plotting', $1, $2, $3, $4, $5, $6, $7, 'active', $8, $8, 0, $8, $8, $9, $10, $4, $5)
     RETURNING id`,
    [
      cycle.organisation_id,
      cycle.project_id,
      cycle.id,
      admin.id,
      created,
      fileId,
      DEMO_PLOTTING_FILE,
      rows.length,
      cleanId,
      uncleanId,
    ],
  );
  await saveCleanRows(tx, job!.id, [JSON.stringify(clean)]);
  await tx.query(
    `INSERT INTO outlet_payouts (outlet_id, sub_project_id, program, amount, client_payout_month, rs_payout_month, plotted_job_id)
     SELECT x.outlet, $1, 'Cooler Placement', x.amount, '2026-10', '2026-11', $4
     FROM unnest($2::int[], $3::numeric[]) AS x(outlet, amount)`,
    [cycle.id, outlets.map((o) => o.id), rows.map((r) => r[2]), job!.id],
  );
}
