/**
 * Exports run as jobs (My Downloads): created by whoever asks, processed by the same runner as the
 * uploads, their file downloadable for EXPORT_EXPIRY_HOURS and then removed.
 */

import { ExportJobId } from "../../src/domain/api/ids";
import type { ExportJob } from "../../src/domain/downloads/downloads";
import { MOBILE_LINK_COLUMNS, mobileLinkPath } from "../../src/domain/mobile/mobileLinks";
import { EXPORT_EXPIRY_HOURS } from "../../src/domain/uploads/bulkUpload";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { inTransaction } from "../db/retry";
import { claimJob, type JobQueue, stillWaiting } from "../jobs/queue";
import { type MisExportParams, misFile } from "../reports/mis";
import type { ExportFile, PerformanceExportParams } from "../reports/performanceFiles";
import { performanceFile } from "../reports/performanceFiles";
import { form16CsvSheet, tdsReportSheet } from "../tax/exports";
import { writeWorkbook, XLSX_CONTENT_TYPE } from "../uploads/excel";
import { fileLink, saveFile } from "../uploads/files";
import { CSV_CONTENT_TYPE, writeCsv } from "./csv";
import { skuRowsSheet } from "./skuRowsSheet";

const HOUR = 60 * 60 * 1000;
const EXPORT_QUEUE: JobQueue = { table: "export_jobs", waiting: "processing", staleAfterMs: 60_000 };

export type NewExport = {
  userId: number;
  organisationId: number;
  title: string;
  now: Date;
} & ExportWhat;

/**
 * What to export: outlet details by RSID, a sub-project's retailer mobile links (from `origin`),
 * chosen SKU rows of a workflow object's invoices (a CSV, 001 §7), a quarter's TDS report or a year's
 * Form 16 CSV summary (docs/tax.md), or the performance report (a PDF or CSV of what the requester
 * sees, docs/reports.md), or the MIS report's CSV (likewise).
 */
export type ExportWhat =
  | { kind: "outlets"; params: { rsids: string[] } }
  | { kind: "performance_report"; params: PerformanceExportParams }
  | { kind: "mis_report"; params: MisExportParams }
  | { kind: "mobile_links"; params: { sub_project_id: number; origin: string } }
  | { kind: "sku_rows"; params: { workflow_object_id: number; rows: number[]; add_on_sku: boolean } }
  | { kind: "tds_report"; params: { financial_year: number; quarter: 1 | 2 | 3 | 4 } }
  | { kind: "form16_csv"; params: { financial_year: number } };

export async function createExport(tx: Queryable, e: NewExport): Promise<number> {
  return (await insertExport(tx, e, ""))!;
}

/** Creates the export unless a unique index says an equal one is already waiting: then null. */
export const createExportUnlessWaiting = (db: Queryable, e: NewExport): Promise<number | null> =>
  insertExport(db, e, "ON CONFLICT DO NOTHING");

async function insertExport(db: Queryable, e: NewExport, onConflict: string): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO export_jobs (user_id, organisation_id, title, kind, params, status, created)
     VALUES ($1, $2, $3, $4, $5, 'processing', $6) ${onConflict} RETURNING id`,
    [e.userId, e.organisationId, e.title, e.kind, JSON.stringify(e.params), e.now],
  );
  return row?.id ?? null;
}

type ExportRow = ExportWhat & {
  id: number;
  user_id: number;
  organisation_id: number;
  title: string;
  status: ExportJob["status"];
  progress: number;
  created: Date;
  expires_at: Date | null;
  file_id: number | null;
  file_name: string | null;
  message: string | null;
};

export function toApiExport(row: ExportRow, now: number): ExportJob {
  const live = row.file_id !== null && row.file_name !== null && (row.expires_at?.getTime() ?? 0) > now;
  return {
    id: ExportJobId.make(row.id),
    title: row.title,
    status: row.status,
    progress: row.progress,
    created: row.created.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    file: live ? fileLink(row.file_id!, row.file_name!) : null,
    message: row.message,
  };
}

/** One export as My Downloads shows it. */
export async function exportOf(db: Queryable, id: number, now: number): Promise<ExportJob> {
  const [row] = await db.query<ExportRow>(
    `SELECT e.id, e.user_id, e.organisation_id, e.title, e.kind, e.params, e.status, e.progress, e.created,
            e.expires_at, e.file_id, f.name AS file_name, e.message
     FROM export_jobs e LEFT JOIN stored_files f ON f.id = e.file_id WHERE e.id = $1`,
    [id],
  );
  return toApiExport(row!, now);
}

export async function listExports(db: Queryable, userId: number, page: { size: number; offset: number }) {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    "SELECT count(*) AS count FROM export_jobs WHERE user_id = $1",
    [userId],
  );
  const rows = await db.query<ExportRow>(
    `SELECT e.id, e.user_id, e.organisation_id, e.title, e.kind, e.params, e.status, e.progress, e.created,
            e.expires_at, e.file_id, f.name AS file_name, e.message
     FROM export_jobs e LEFT JOIN stored_files f ON f.id = e.file_id
     WHERE e.user_id = $1 ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
    [userId, page.size, page.offset],
  );
  return { rows, count };
}

/** Takes one waiting export and writes its file; gives whether there was one. */
export async function processNextExport(deps: AppDeps): Promise<boolean> {
  const now = new Date(deps.clock());
  const job = await inTransaction(deps, async (tx) => {
    const claim = await claimJob(tx, EXPORT_QUEUE, now);
    if (!claim) return undefined;
    const [row] = await tx.query<ExportRow>(
      "SELECT id, user_id, organisation_id, title, kind, params FROM export_jobs WHERE id = $1",
      [claim.id],
    );
    return row;
  });
  if (!job) return false;
  const file = await exportFile(deps.db, job, deps.clock());
  const done = new Date(deps.clock());
  const expires = new Date(done.getTime() + EXPORT_EXPIRY_HOURS * HOUR);
  await inTransaction(deps, async (tx) => {
    // A process that took the job over after a stale heartbeat may have finished it first: one file.
    if (!(await stillWaiting(tx, EXPORT_QUEUE, job.id))) return;
    const fileId = await saveFile(tx, {
      name: `export_${job.id}_${file.name}`,
      contentType: file.contentType,
      content: file.bytes,
      organisationId: job.organisation_id,
      ownerId: job.user_id,
      created: done,
      expiresAt: expires,
    });
    await tx.query(
      `UPDATE export_jobs SET status = 'completed', progress = 100, file_id = $2, completed_at = $3, expires_at = $4,
         claimed_at = NULL WHERE id = $1`,
      [job.id, fileId, done, expires],
    );
  });
  return true;
}

type Sheet = { name: string; header: readonly string[]; rows: Record<string, string>[] };

/**
 * The export's file: the performance report's own, else a sheet as a CSV (SKU rows, the Form 16
 * summary) or a workbook.
 */
async function exportFile(db: Queryable, job: ExportWhat, now: number): Promise<ExportFile> {
  if (job.kind === "performance_report") return performanceFile(db, job.params);
  if (job.kind === "mis_report") return misFile(db, job.params);
  const sheet = await exportSheet(db, job, now);
  const cells = sheet.rows.map((o) => sheet.header.map((h) => String(o[h] ?? "")));
  if (job.kind === "sku_rows" || job.kind === "form16_csv")
    return {
      name: `${sheet.name}.csv`,
      contentType: CSV_CONTENT_TYPE,
      bytes: writeCsv([...sheet.header], cells),
    };
  return {
    name: `${sheet.name}.xlsx`,
    contentType: XLSX_CONTENT_TYPE,
    bytes: writeWorkbook(sheet.name, [...sheet.header], cells),
  };
}

async function exportSheet(
  db: Queryable,
  job: Exclude<ExportWhat, { kind: "performance_report" | "mis_report" }>,
  now: number,
): Promise<Sheet> {
  if (job.kind === "sku_rows") return skuRowsSheet(db, job.params);
  if (job.kind === "tds_report") return tdsReportSheet(db, job.params);
  if (job.kind === "form16_csv") return form16CsvSheet(db, job.params, now);
  if (job.kind === "mobile_links") {
    const rows = await db.query<Record<string, string>>(
      `SELECT rsid, name AS outlet_name, owner_name, phone, workflow_state, mobile_slug
       FROM outlets WHERE sub_project_id = $1 AND status = 'active' AND mobile_slug IS NOT NULL ORDER BY rsid`,
      [job.params.sub_project_id],
    );
    const link = (slug: string) => `${job.params.origin}${mobileLinkPath(slug)}`;
    return {
      name: "mobile_links",
      header: MOBILE_LINK_COLUMNS,
      rows: rows.map((r) => ({ ...r, mobile_link: link(r.mobile_slug!) })),
    };
  }
  const rows = await db.query<Record<string, string>>(
    `SELECT o.rsid, o.name, o.owner_name, o.address, o.pin, c.name AS city, o.phone, o.pan, o.gst, o.ifsc,
            o.account_number, o.workflow_state
     FROM outlets o JOIN cities c ON c.id = o.city_id WHERE o.rsid = ANY($1::text[]) ORDER BY o.rsid`,
    [job.params.rsids],
  );
  const header = [
    "rsid",
    "name",
    "owner_name",
    "address",
    "pin",
    "city",
    "phone",
    "pan",
    "gst",
    "ifsc",
    "account_number",
    "workflow_state",
  ];
  return { name: "outlets", header, rows };
}

/** Drops the content of expired export files (the rows stay, so My Downloads says they expired). */
export async function removeExpiredFiles(deps: AppDeps): Promise<void> {
  const now = new Date(deps.clock());
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM stored_file_chunks c USING stored_files f
       WHERE f.id = c.file_id AND f.expires_at < $1 AND f.chunk_count IS NOT NULL`,
      [now],
    );
    await tx.query(
      `UPDATE stored_files SET content = NULL, chunk_count = NULL
       WHERE expires_at < $1 AND (content IS NOT NULL OR chunk_count IS NOT NULL)`,
      [now],
    );
  });
}
