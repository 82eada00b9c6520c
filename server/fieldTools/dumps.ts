/**
 * Field app dumps (spec 002 §2.9, docs/field-tools.md): the upload stores the file and a waiting job
 * in one transaction; the job runner reads the dump, checks it (format, user, every record) and
 * indexes its surveys in bounded steps, or fails the job with the named reason. A dump changes no
 * outlet.
 */

import { FieldAppDumpId } from "../../src/domain/api/ids";
import {
  DUMP_MSG,
  type DumpSurvey,
  type FieldAppDump,
  openFieldAppDump,
  readDumpSurveys,
} from "../../src/domain/fieldTools/fieldTools";
import { escapeLike } from "../../src/domain/shared/requestInput";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { insertMany } from "../db/insertMany";
import { letRequestsIn } from "../http/requestActivity";
import { beat, claimJob, type JobQueue, stillWaiting } from "../jobs/queue";
import { fileLink, readFile, saveFile } from "../uploads/files";

/** A dump whose worker has not reported for this long is taken over; after three starts it fails. */
const DUMP_QUEUE: JobQueue = {
  table: "field_app_dumps",
  waiting: "processing",
  staleAfterMs: 60_000,
  maxAttempts: 3,
};
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
  id: FieldAppDumpId.make(row.id),
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

/**
 * Surveys checked and indexed per step. A step is a few milliseconds of work and one short
 * transaction; between steps the event loop answers other requests (a 20 MB dump once held the
 * whole server for seconds, docs/benchmarks.md).
 */
export const DUMP_BATCH_SURVEYS = 100;

/** Test hook: called after each step with the number of surveys indexed so far. */
export type DumpStepHook = (indexed: number) => void | Promise<void>;

/** Claims the oldest waiting (or abandoned) dump; true when one was processed. */
export async function processNextDump(deps: AppDeps, onStep?: DumpStepHook): Promise<boolean> {
  const now = new Date(deps.clock());
  const claimed = await deps.db.transaction(async (tx) => {
    const claim = await claimJob(tx, DUMP_QUEUE, now);
    if (!claim) return null;
    if (claim.exhausted) {
      await tx.query("UPDATE field_app_dumps SET status = 'failed', message = $2 WHERE id = $1", [
        claim.id,
        DUMP_STOPPED,
      ]);
      return "done" as const;
    }
    const [row] = await tx.query<Claimed>(
      `SELECT d.id, d.file_id, d.field_app_user, a.mobile FROM field_app_dumps d
       JOIN field_auditors a ON a.id = d.field_app_user WHERE d.id = $1`,
      [claim.id],
    );
    return row!;
  });
  if (claimed === null) return false;
  if (claimed === "done") return true;
  await indexDump(deps, claimed, onStep);
  return true;
}

/**
 * Reads, checks and indexes a dump in steps of DUMP_BATCH_SURVEYS surveys, each step's rows written
 * in a transaction of its own. The dump stays `processing` until the last step, and recovery reads
 * only completed dumps, so the rows of a dump being indexed are never used; a failure in any step
 * removes them with the failed status (a failed dump indexes nothing). A dump taken over from a
 * stopped process starts again from its first survey.
 */
async function indexDump(deps: AppDeps, dump: Claimed, onStep?: DumpStepHook): Promise<void> {
  await deps.db.query("DELETE FROM field_app_dump_surveys WHERE dump_id = $1", [dump.id]);
  const file = await readFile(deps.db, dump.file_id);
  await letRequestsIn();
  const text = file?.content ? decodeUtf8(file.content) : null;
  if (text === null) return failDump(deps, dump.id, DUMP_MSG.notJson);
  await letRequestsIn();
  const opened = openFieldAppDump(text, dump.mobile);
  if (!opened.ok) return failDump(deps, dump.id, opened.error);
  const total = opened.surveys.length;
  const places = newPlaceBook();
  for (let from = 0; from < total; from += DUMP_BATCH_SURVEYS) {
    await letRequestsIn();
    const read = readDumpSurveys(opened.surveys, from, from + DUMP_BATCH_SURVEYS);
    if (!read.ok) return failDump(deps, dump.id, read.error);
    const misplaced = await checkPlaces(deps.db, places, read.surveys, from);
    if (misplaced !== null) return failDump(deps, dump.id, misplaced);
    await letRequestsIn();
    const goOn = await deps.db.transaction(async (tx) => {
      if (!(await stillWaiting(tx, DUMP_QUEUE, dump.id))) return false;
      await insertMany(
        tx,
        "field_app_dump_surveys",
        ["dump_id", "auditor_id", "rsid", "sub_project_slug", "survey_date", "record"],
        read.surveys.map((s) => [
          dump.id,
          dump.field_app_user,
          s.rsid,
          s.sub_project,
          s.survey_date,
          JSON.stringify(s),
        ]),
      );
      await beat(tx, DUMP_QUEUE, dump.id, new Date(deps.clock()));
      return true;
    });
    if (!goOn) return;
    await onStep?.(Math.min(from + DUMP_BATCH_SURVEYS, total));
  }
  await deps.db.query(
    "UPDATE field_app_dumps SET status = 'completed', record_count = $2, claimed_at = NULL WHERE id = $1 AND status = 'processing'",
    [dump.id, total],
  );
}

/** Fails the dump with its named reason and removes the surveys its earlier steps indexed. */
async function failDump(deps: AppDeps, id: number, message: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await stillWaiting(tx, DUMP_QUEUE, id))) return;
    await tx.query("DELETE FROM field_app_dump_surveys WHERE dump_id = $1", [id]);
    await tx.query(
      "UPDATE field_app_dumps SET status = 'failed', message = $2, claimed_at = NULL WHERE id = $1",
      [id, message],
    );
  });
}

/** What the places a dump names belong to, each looked up once across its steps (null: none). */
type PlaceBook = {
  subProjectOrganisation: Map<string, number | null>;
  city: Map<number, boolean>;
  territoryOrganisation: Map<number, number | null>;
};

const newPlaceBook = (): PlaceBook => ({
  subProjectOrganisation: new Map(),
  city: new Map(),
  territoryOrganisation: new Map(),
});

/** Adds to `known` the keys it lacks: what `find` gives for them, `absent` for the rest. */
async function learn<K, V>(
  known: Map<K, V>,
  wanted: readonly K[],
  absent: V,
  find: (keys: K[]) => Promise<[K, V][]>,
): Promise<void> {
  const missing = [...new Set(wanted)].filter((k) => !known.has(k));
  if (missing.length === 0) return;
  for (const key of missing) known.set(key, absent);
  for (const [key, value] of await find(missing)) known.set(key, value);
}

/**
 * Every survey's sub-project, city and territory must exist, and the territory (with its zone and
 * region) must be one of the sub-project's organisation, or the outlet could not be created where
 * it belongs: a corrupt file. `from` is the place of the first survey in the whole dump. Null when
 * all are found.
 */
async function checkPlaces(
  db: Queryable,
  book: PlaceBook,
  surveys: readonly DumpSurvey[],
  from: number,
): Promise<string | null> {
  await learn(
    book.subProjectOrganisation,
    surveys.map((s) => s.sub_project),
    null,
    async (slugs) =>
      (
        await db.query<{ slug: string; organisation_id: number }>(
          `SELECT s.slug, p.organisation_id FROM sub_projects s JOIN projects p ON p.id = s.project_id
           WHERE s.slug = ANY($1::text[])`,
          [slugs],
        )
      ).map((r) => [r.slug, r.organisation_id]),
  );
  await learn(
    book.city,
    surveys.map((s) => s.outlet.city_id),
    false,
    async (ids) =>
      (await db.query<{ id: number }>("SELECT id FROM cities WHERE id = ANY($1::int[])", [ids])).map((r) => [
        r.id,
        true,
      ]),
  );
  await learn(
    book.territoryOrganisation,
    surveys.map((s) => s.outlet.territory_id),
    null,
    async (ids) =>
      (
        await db.query<{ id: number; organisation_id: number }>(
          `SELECT t.id, r.organisation_id FROM territories t JOIN zones z ON z.id = t.zone_id
           JOIN regions r ON r.id = z.region_id WHERE t.id = ANY($1::int[])`,
          [ids],
        )
      ).map((r) => [r.id, r.organisation_id]),
  );
  for (const [i, s] of surveys.entries()) {
    const where = `${DUMP_MSG.corrupt}surveys[${from + i}]`;
    const organisation = book.subProjectOrganisation.get(s.sub_project);
    if (organisation == null) return `${where}.sub_project names no sub-project`;
    if (!book.city.get(s.outlet.city_id)) return `${where}.outlet.city_id names no city`;
    const territoryOrganisation = book.territoryOrganisation.get(s.outlet.territory_id);
    if (territoryOrganisation == null) return `${where}.outlet.territory_id names no territory`;
    if (territoryOrganisation !== organisation)
      return `${where}.outlet.territory_id names no territory of the sub-project's organisation`;
  }
  return null;
}

/** The file's text, or null when its bytes are not UTF-8 (a binary file is not a JSON dump). */
function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
