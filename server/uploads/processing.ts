/**
 * The upload worker: takes a waiting job from the jobs table (FOR UPDATE SKIP LOCKED, so several
 * server processes share the queue), reads the first sheet, validates every row and writes the
 * clean and unclean result files. Processing changes no business data, so a worker that dies
 * mid-job leaves nothing half done: its heartbeat goes stale and another run takes the job over.
 */
import { MAX_UNPACKED_BYTES, UPLOAD_MSG } from "../../src/domain/uploads/bulkUpload";
import { type SheetCell, shownText } from "../../src/domain/uploads/uploadCells";
import {
  checkHeader,
  ERROR_COLUMN,
  isUploadTypeKey,
  normaliseHeader,
  problemsText,
  ROW_COLUMN,
  rowValidator,
  UPLOAD_TYPES,
} from "../../src/domain/uploads/uploadTypes";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { claimJob, type JobQueue } from "../jobs/queue";
import { CleanRowBatches, saveCleanRows } from "./cleanRows";
import { openFirstSheet, SheetRefused, type SheetStream, sniffExcel, XLSX_CONTENT_TYPE } from "./excel";
import { readFile, saveFile } from "./files";
import { findJob, type JobRow, notifyUser, scopeOfJob } from "./jobs";
import { imageZipSheet } from "./kycImages";
import { uploadContext } from "./lookups";
import { checkUnpackedSize } from "./unpacked";
import { TextSheetStream } from "./xlsxWriter";

/** A job whose worker has not reported for this long is taken over. */
export const STALE_AFTER_MS = 60_000;
/** After this many starts a job is failed instead of tried again (a file that kills the worker). */
export const MAX_ATTEMPTS = 3;
const UPLOAD_QUEUE: JobQueue = {
  table: "bulk_upload_jobs",
  waiting: "processing",
  staleAfterMs: STALE_AFTER_MS,
  maxAttempts: MAX_ATTEMPTS,
};
/** Rows between progress reports (which also give other requests their turn). */
const REPORT_EVERY = 2000;

/** Test hook: called at each progress report; a throw stands for the worker dying there. */
export type ProgressHook = (job: JobRow, validated: number) => void;

/** Claims the oldest waiting (or abandoned) job; gives it, or undefined when none waits. */
export async function claimNextUpload(deps: AppDeps): Promise<JobRow | undefined> {
  const now = new Date(deps.clock());
  return deps.db.transaction(async (tx) => {
    const claim = await claimJob(tx, UPLOAD_QUEUE, now);
    if (!claim) return undefined;
    if (claim.exhausted) {
      const [job] = await tx.query<{ created_by: number }>(
        "SELECT created_by FROM bulk_upload_jobs WHERE id = $1",
        [claim.id],
      );
      await failJob(tx, claim.id, job!.created_by, UPLOAD_MSG.workerStopped, now);
      return findJob(tx, claim.id);
    }
    // A job taken over starts reading again from its first row.
    await tx.query("UPDATE bulk_upload_jobs SET progress = 0, total_validated_objects = 0 WHERE id = $1", [
      claim.id,
    ]);
    return findJob(tx, claim.id);
  });
}

async function failJob(tx: Queryable, id: number, userId: number, message: string, now: Date): Promise<void> {
  const done = await tx.query(
    `UPDATE bulk_upload_jobs SET status = 'failed', message = $2, claimed_at = NULL WHERE id = $1 AND status = 'processing'
     RETURNING id`,
    [id, message],
  );
  if (done.length > 0)
    await notifyUser(tx, { userId, title: "Upload failed", subText: message, jobId: id, at: now });
}

const baseName = (name: string) => name.replace(/\.(xlsx|xls|zip)$/i, "");

/** Processes one claimed job to completed or failed; a job cancelled meanwhile is left as it is. */
export async function processUpload(deps: AppDeps, job: JobRow, hook?: ProgressHook): Promise<void> {
  if (job.status !== "processing") return;
  const now = () => new Date(deps.clock());
  const fail = (message: string) =>
    deps.db.transaction((tx) => failJob(tx, job.id, job.created_by, message, now()));
  if (!isUploadTypeKey(job.object_type)) return fail(`Unknown upload type ${job.object_type}.`);
  const type = UPLOAD_TYPES[job.object_type];
  const file = await readFile(deps.db, job.file_id);
  // A file that cannot be read never will be: it fails now, whatever went wrong, and is not retried.
  let sheet: SheetStream;
  try {
    const bytes = file?.content ?? new Uint8Array();
    sheet =
      type.file === "imageZip" ? await imageZipSheet(bytes, MAX_UNPACKED_BYTES) : await openSheet(bytes);
  } catch (error) {
    return fail(error instanceof SheetRefused ? error.message : UPLOAD_MSG.unreadable);
  }
  const header = checkHeader(type, sheet.header);
  if (!header.ok) return fail(header.message);

  const positions = new Map(sheet.header.map((h, i) => [normaliseHeader(h), i]));
  const names = type.columns.map((c) => c.name);
  const columnAt = names.map((name) => positions.get(name)!);
  const context = await uploadContext(deps.db, type, scopeOfJob(job), job.created_by);
  const validate = rowValidator(type, context);
  // Rows are checked as they are read and go straight into the result files; only the clean rows'
  // values are kept (as JSON text in batches), for the job to apply on confirm.
  const clean = new CleanRowBatches();
  const cleanFile = new TextSheetStream("clean", names);
  const uncleanFile = new TextSheetStream("unclean", [...names, ROW_COLUMN, ERROR_COLUMN]);
  let total = 0;
  let uncleanCount = 0;
  try {
    for (let next = await sheet.rows.next(); !next.done; next = await sheet.rows.next()) {
      const { number, cells } = next.value;
      const row: Record<string, SheetCell | string> = {};
      names.forEach((name, n) => {
        row[name] = cells[columnAt[n]!] ?? "";
      });
      const { values, problems } = validate(row, number);
      if (problems.length === 0) {
        clean.add(values);
        cleanFile.add(names.map((n) => values[n]!));
      } else {
        const shown = names.map((n) => {
          const cell = row[n]!;
          return typeof cell === "string" ? cell : shownText(cell);
        });
        uncleanFile.add([...shown, String(number), problemsText(problems)]);
        uncleanCount++;
      }
      total++;
      if (total % REPORT_EVERY === 0) {
        hook?.(job, total);
        await Promise.all([cleanFile.settle(), uncleanFile.settle()]);
        if (!(await reportProgress(deps, job.id, total))) return;
      }
    }
  } catch (error) {
    if (error instanceof SheetRefused) return fail(error.message);
    throw error;
  }
  if (total === 0) return fail(UPLOAD_MSG.noRows);
  const cleanCount = clean.count;

  const created = now();
  const base = baseName(job.file_name);
  const cleanBytes = await cleanFile.finish();
  const uncleanBytes = await uncleanFile.finish();
  const cleanBatches = clean.finish();
  await deps.db.transaction(async (tx) => {
    const [current] = await tx.query<{ status: string }>(
      "SELECT status FROM bulk_upload_jobs WHERE id = $1 FOR UPDATE",
      [job.id],
    );
    // Cancelled while it was being read: the results are not wanted.
    if (current?.status !== "processing") return;
    const file = (name: string, content: Uint8Array) =>
      saveFile(tx, {
        name,
        contentType: XLSX_CONTENT_TYPE,
        content,
        organisationId: job.organisation_id,
        ownerId: job.created_by,
        created,
      });
    const cleanId = await file(`${base}_clean.xlsx`, cleanBytes);
    const uncleanId = await file(`${base}_unclean.xlsx`, uncleanBytes);
    await tx.query(
      `UPDATE bulk_upload_jobs SET status = 'completed', total_objects = $2, total_clean_objects = $3,
         total_unclean_objects = $4, total_validated_objects = $2, progress = $2, clean_file_id = $5,
         unclean_file_id = $6, claimed_at = NULL, heartbeat_at = $7 WHERE id = $1`,
      [job.id, total, cleanCount, uncleanCount, cleanId, uncleanId, created],
    );
    await saveCleanRows(tx, job.id, cleanBatches);
    await notifyUser(tx, {
      userId: job.created_by,
      title: "Upload processed",
      subText: `${job.file_name}: ${cleanCount} clean and ${uncleanCount} unclean rows.`,
      jobId: job.id,
      at: created,
    });
  });
}

/** The first sheet of an upload, opened as a stream after checking what an .xlsx package unpacks to. */
async function openSheet(bytes: Uint8Array): Promise<SheetStream> {
  if (sniffExcel(bytes) === "xlsx") {
    const unpacked = await checkUnpackedSize(bytes, MAX_UNPACKED_BYTES);
    if (unpacked === "tooLarge") throw new SheetRefused(UPLOAD_MSG.unpackedTooLarge);
    if (unpacked === "unreadable") throw new SheetRefused(UPLOAD_MSG.unreadable);
  }
  return openFirstSheet(bytes);
}

/** Records progress and the heartbeat; false when the job was cancelled (stop reading). */
async function reportProgress(deps: AppDeps, id: number, validated: number): Promise<boolean> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const rows = await deps.db.query(
    `UPDATE bulk_upload_jobs SET progress = $2, total_validated_objects = $2, heartbeat_at = $3
     WHERE id = $1 AND status = 'processing' RETURNING id`,
    [id, validated, new Date(deps.clock())],
  );
  return rows.length > 0;
}
