/**
 * Field app dumps (spec 002 §2.9, docs/field-tools.md): the upload stores the file and a waiting job
 * in one transaction; the job runner reads the dump, checks it (format, user, every record) and
 * indexes its surveys, or fails the job with the named reason. A dump changes no outlet.
 */
import {
  DUMP_MSG,
  type DumpRead,
  type FieldAppDump,
  type FieldAppDumpFile,
  readFieldAppDump,
} from "../../src/domain/fieldTools";
import { escapeLike } from "../../src/domain/requestInput";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { insertMany } from "../db/insertMany";
import { fileLink, readFile, saveFile } from "../uploads/files";

/** A dump whose worker has not reported for this long is taken over; after three starts it fails. */
export const DUMP_STALE_AFTER_MS = 60_000;
export const DUMP_MAX_ATTEMPTS = 3;
export const DUMP_STOPPED = "Processing stopped several times before finishing; upload the dump again.";

type DumpRow = {
  id: number;
  created_by_name: string;
  field_app_user_name: string;
  status: string;
  file_id: number;
  file_name: string;
  message: string | null;
  record_count: number;
  created: Date;
};

const DUMP_SELECT = `
  SELECT d.id, u.name AS created_by_name, a.name AS field_app_user_name, d.status, d.file_id,
         f.name AS file_name, d.message, d.record_count, d.created
  FROM field_app_dumps d JOIN users u ON u.id = d.created_by JOIN field_auditors a ON a.id = d.field_app_user
  JOIN stored_files f ON f.id = d.file_id`;

const toApi = (row: DumpRow): FieldAppDump => ({
  id: row.id,
  created_by: { name: row.created_by_name },
  field_app_user: { name: row.field_app_user_name },
  status: row.status,
  uploaded_file: fileLink(row.file_id, row.file_name),
  file_name: row.file_name,
  message: row.message,
  record_count: row.record_count,
  created: row.created.toISOString(),
});

/** $1 is the search with its LIKE characters escaped: the file's or the field app user's name. */
const SEARCH_WHERE = `($1::text = '' OR f.name ILIKE '%' || $1 || '%' OR a.name ILIKE '%' || $1 || '%')`;

export async function listDumps(db: Queryable, page: { size: number; offset: number }, search = "") {
  const term = escapeLike(search.trim());
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM field_app_dumps d JOIN field_auditors a ON a.id = d.field_app_user
     JOIN stored_files f ON f.id = d.file_id WHERE ${SEARCH_WHERE}`,
    [term],
  );
  const rows = await db.query<DumpRow>(
    `${DUMP_SELECT} WHERE ${SEARCH_WHERE} ORDER BY d.id DESC LIMIT $2 OFFSET $3`,
    [term, page.size, page.offset],
  );
  return { results: rows.map(toApi), count };
}

export async function createDump(
  tx: Queryable,
  entry: {
    userId: number;
    organisationId: number;
    auditorId: number;
    name: string;
    bytes: Uint8Array;
    at: Date;
  },
): Promise<FieldAppDump> {
  const fileId = await saveFile(tx, {
    name: entry.name,
    contentType: "application/json",
    content: entry.bytes,
    organisationId: entry.organisationId,
    ownerId: entry.userId,
    created: entry.at,
  });
  const [row] = await tx.query<{ id: number }>(
    "INSERT INTO field_app_dumps (created_by, field_app_user, file_id, created) VALUES ($1, $2, $3, $4) RETURNING id",
    [entry.userId, entry.auditorId, fileId, entry.at],
  );
  const [dump] = await tx.query<DumpRow>(`${DUMP_SELECT} WHERE d.id = $1`, [row!.id]);
  return toApi(dump!);
}

type Claimed = { id: number; file_id: number; field_app_user: number; mobile: string };

/** Claims the oldest waiting (or abandoned) dump; true when one was processed. */
export async function processNextDump(deps: AppDeps): Promise<boolean> {
  const now = new Date(deps.clock());
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<Claimed & { attempts: number }>(
      `SELECT d.id, d.file_id, d.field_app_user, a.mobile, d.attempts FROM field_app_dumps d
       JOIN field_auditors a ON a.id = d.field_app_user
       WHERE d.status = 'processing' AND (d.claimed_at IS NULL OR d.heartbeat_at < $1)
       ORDER BY d.id LIMIT 1 FOR UPDATE OF d SKIP LOCKED`,
      [new Date(now.getTime() - DUMP_STALE_AFTER_MS)],
    );
    if (!row) return null;
    if (row.attempts >= DUMP_MAX_ATTEMPTS) {
      await tx.query("UPDATE field_app_dumps SET status = 'failed', message = $2 WHERE id = $1", [
        row.id,
        DUMP_STOPPED,
      ]);
      return "done" as const;
    }
    await tx.query(
      "UPDATE field_app_dumps SET claimed_at = $2, heartbeat_at = $2, attempts = attempts + 1 WHERE id = $1",
      [row.id, now],
    );
    return row;
  });
  if (claimed === null) return false;
  if (claimed === "done") return true;
  await indexDump(deps, claimed);
  return true;
}

async function indexDump(deps: AppDeps, dump: Claimed): Promise<void> {
  const file = await readFile(deps.db, dump.file_id);
  const text = file?.content ? decodeUtf8(file.content) : null;
  const parsed =
    text === null ? { ok: false as const, error: DUMP_MSG.notJson } : readFieldAppDump(text, dump.mobile);
  const read = parsed.ok ? await checkPlaces(deps.db, parsed.dump) : parsed;
  await deps.db.transaction(async (tx) => {
    const [still] = await tx.query<{ status: string }>(
      "SELECT status FROM field_app_dumps WHERE id = $1 FOR UPDATE",
      [dump.id],
    );
    if (still?.status !== "processing") return;
    if (!read.ok) {
      await tx.query(
        "UPDATE field_app_dumps SET status = 'failed', message = $2, claimed_at = NULL WHERE id = $1",
        [dump.id, read.error],
      );
      return;
    }
    await insertMany(
      tx,
      "field_app_dump_surveys",
      ["dump_id", "auditor_id", "rsid", "sub_project_slug", "survey_date", "record"],
      read.dump.surveys.map((s) => [
        dump.id,
        dump.field_app_user,
        s.rsid,
        s.sub_project,
        s.survey_date,
        JSON.stringify(s),
      ]),
    );
    await tx.query(
      "UPDATE field_app_dumps SET status = 'completed', record_count = $2, claimed_at = NULL WHERE id = $1",
      [dump.id, read.dump.surveys.length],
    );
  });
}

/** Every survey's city and territory must exist, or the outlet could not be created: a corrupt file. */
async function checkPlaces(db: Queryable, dump: FieldAppDumpFile): Promise<DumpRead> {
  const cities = new Set(
    (
      await db.query<{ id: number }>("SELECT id FROM cities WHERE id = ANY($1::int[])", [
        dump.surveys.map((s) => s.outlet.city_id),
      ])
    ).map((r) => r.id),
  );
  const territories = new Set(
    (
      await db.query<{ id: number }>("SELECT id FROM territories WHERE id = ANY($1::int[])", [
        dump.surveys.map((s) => s.outlet.territory_id),
      ])
    ).map((r) => r.id),
  );
  for (const [i, s] of dump.surveys.entries()) {
    if (!cities.has(s.outlet.city_id))
      return { ok: false, error: `${DUMP_MSG.corrupt}surveys[${i}].outlet.city_id names no city` };
    if (!territories.has(s.outlet.territory_id))
      return { ok: false, error: `${DUMP_MSG.corrupt}surveys[${i}].outlet.territory_id names no territory` };
  }
  return { ok: true, dump };
}

/** The file's text, or null when its bytes are not UTF-8 (a binary file is not a JSON dump). */
function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
