/**
 * The scan of a sub-project's shop photos (docs/verification.md, "Image matching"), a job of the
 * shared queue: hashes the images not hashed yet (each in its own short transaction, with the
 * heartbeat), then compares every two images of different outlets of the sub-project and records the
 * pairs the domain's `isSuspectedMatch` keeps. A pair already recorded keeps its decision.
 */
import {
  hammingDistance,
  isSuspectedMatch,
  SCANNED_IMAGE_KINDS,
} from "../../src/domain/verification/unicorns";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { beat, claimJob, type JobQueue, stillWaiting } from "../jobs/queue";
import { imageHash } from "./hash";

export const SCAN_QUEUE: JobQueue = {
  table: "unicorn_scans",
  waiting: "queued",
  staleAfterMs: 60_000,
  maxAttempts: 3,
};
export const SCAN_STOPPED = "The scan stopped several times before finishing; start a new one.";

type ScannedImage = { id: number; outlet_id: number; hash: string | null };

const imagesOf = (db: Queryable, subProject: number) =>
  db.query<ScannedImage & { hashed: boolean }>(
    `SELECT i.id, i.outlet_id, h.hash, h.image_id IS NOT NULL AS hashed
     FROM outlet_images i JOIN outlets o ON o.id = i.outlet_id LEFT JOIN image_hashes h ON h.image_id = i.id
     WHERE o.sub_project_id = $1 AND i.kind = ANY($2) ORDER BY i.id`,
    [subProject, SCANNED_IMAGE_KINDS],
  );

/** Claims the oldest queued scan and runs it; true when one was worked on. */
export async function processNextUnicornScan(deps: AppDeps): Promise<boolean> {
  const claimed = await deps.db.transaction(async (tx) => {
    const now = new Date(deps.clock());
    const row = await claimJob(tx, SCAN_QUEUE, now);
    if (!row) return null;
    if (row.exhausted) {
      await tx.query(
        "UPDATE unicorn_scans SET status = 'failed', message = $2, finished = $3 WHERE id = $1",
        [row.id, SCAN_STOPPED, now],
      );
      return { id: row.id, done: true, subProject: 0 };
    }
    const [scan] = await tx.query<{ sub_project_id: number }>(
      "SELECT sub_project_id FROM unicorn_scans WHERE id = $1",
      [row.id],
    );
    return { id: row.id, done: false, subProject: scan!.sub_project_id };
  });
  if (!claimed) return false;
  if (!claimed.done) await runScan(deps, claimed.id, claimed.subProject);
  return true;
}

async function runScan(deps: AppDeps, scanId: number, subProject: number): Promise<void> {
  for (const image of await imagesOf(deps.db, subProject)) {
    if (image.hashed) continue;
    const [row] = await deps.db.query<{ content: Uint8Array }>(
      "SELECT content FROM outlet_images WHERE id = $1",
      [image.id],
    );
    const hash = row ? await imageHash(row.content) : null;
    const goOn = await deps.db.transaction(async (tx) => {
      const now = new Date(deps.clock());
      if (!(await stillWaiting(tx, SCAN_QUEUE, scanId))) return false;
      await tx.query(
        "INSERT INTO image_hashes (image_id, hash, created) VALUES ($1, $2, $3) ON CONFLICT (image_id) DO NOTHING",
        [image.id, hash, now],
      );
      await beat(tx, SCAN_QUEUE, scanId, now);
      return true;
    });
    if (!goOn) return;
  }
  await deps.db.transaction(async (tx) => {
    if (!(await stillWaiting(tx, SCAN_QUEUE, scanId))) return;
    await completeScan(tx, scanId, subProject, new Date(deps.clock()));
  });
}

/**
 * Compares every two hashed photos of different outlets of the sub-project, records the new pairs
 * alike and completes the scan, in the caller's transaction.
 */
export async function completeScan(
  tx: Queryable,
  scanId: number,
  subProject: number,
  now: Date,
): Promise<void> {
  const images = await imagesOf(tx, subProject);
  const hashed = images.filter((i) => i.hash !== null);
  let found = 0;
  for (let i = 0; i < hashed.length; i++)
    for (let j = i + 1; j < hashed.length; j++) {
      const [a, b] = [hashed[i]!, hashed[j]!];
      if (a.outlet_id === b.outlet_id) continue;
      const distance = hammingDistance(a.hash!, b.hash!);
      if (!isSuspectedMatch(distance)) continue;
      const added = await tx.query(
        `INSERT INTO unicorn_pairs (sub_project_id, image_a, image_b, distance, scan_id, created)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (image_a, image_b) DO NOTHING RETURNING id`,
        [subProject, Math.min(a.id, b.id), Math.max(a.id, b.id), distance, scanId, now],
      );
      found += added.length;
    }
  await tx.query(
    `UPDATE unicorn_scans SET status = 'completed', images = $2, undecodable = $3, pairs_found = $4,
       finished = $5, claimed_at = NULL WHERE id = $1`,
    [scanId, images.length, images.length - hashed.length, found, now],
  );
}

/** Hashes the sub-project's photos not hashed yet, in the caller's transaction (the demo's scan). */
export async function hashAll(tx: Queryable, subProject: number, now: Date): Promise<void> {
  for (const image of await imagesOf(tx, subProject)) {
    if (image.hashed) continue;
    const [row] = await tx.query<{ content: Uint8Array }>("SELECT content FROM outlet_images WHERE id = $1", [
      image.id,
    ]);
    await tx.query("INSERT INTO image_hashes (image_id, hash, created) VALUES ($1, $2, $3)", [
      image.id,
      row ? await imageHash(row.content) : null,
      now,
    ]);
  }
}
