/** The scans and the pairs of images found alike, read and decided (docs/verification.md). */

import { UnicornPairId } from "../../src/domain/api/ids";
import type { UnicornPair, UnicornScan } from "../../src/domain/verification/unicorns";
import {
  type PairDecision,
  type PairStatus,
  SCANNED_IMAGE_KINDS,
} from "../../src/domain/verification/unicorns";
import type { Queryable } from "../db/db";
import type { Page } from "../http/pagination";

type ScanRow = Omit<UnicornScan, "created" | "finished"> & { created: Date; finished: Date | null };

const SCAN_SELECT = `
  SELECT s.id, sp.name AS sub_project, u.name AS requested_by, s.status, s.images, s.undecodable,
         s.pairs_found, s.message, s.created, s.finished
  FROM unicorn_scans s JOIN sub_projects sp ON sp.id = s.sub_project_id LEFT JOIN users u ON u.id = s.requested_by`;

const scanOf = (r: ScanRow): UnicornScan => ({
  ...r,
  created: r.created.toISOString(),
  finished: r.finished?.toISOString() ?? null,
});

/** How many scans the page lists. */
export const LATEST_SCANS = 20;

export async function scans(db: Queryable, subProject: number | undefined) {
  const subProjects = await db.query<{
    id: number;
    name: string;
    project: string;
    organisation: string;
    images: number;
  }>(
    `SELECT sp.id, sp.name, p.name AS project, org.name AS organisation,
            (SELECT count(*)::int FROM outlet_images i JOIN outlets o ON o.id = i.outlet_id
             WHERE o.sub_project_id = sp.id AND i.kind = ANY($1)) AS images
     FROM sub_projects sp JOIN projects p ON p.id = sp.project_id JOIN organisations org ON org.id = p.organisation_id
     ORDER BY org.name, p.name, sp.name, sp.id`,
    [SCANNED_IMAGE_KINDS],
  );
  const rows = await db.query<ScanRow>(
    `${SCAN_SELECT} WHERE ($1::int IS NULL OR s.sub_project_id = $1) ORDER BY s.id DESC LIMIT $2`,
    [subProject ?? null, LATEST_SCANS],
  );
  return { sub_projects: subProjects, results: rows.map(scanOf) };
}

export const scanById = async (db: Queryable, id: number) =>
  (await db.query<ScanRow>(`${SCAN_SELECT} WHERE s.id = $1`, [id])).map(scanOf)[0]!;

/**
 * Queues a scan of the sub-project, in one transaction; a scan of it still waiting is answered
 * instead (the sub-project's row is locked, so two requests do not queue two).
 */
export async function queueScan(
  tx: Queryable,
  subProject: number,
  userId: number,
  now: Date,
): Promise<{ scan: UnicornScan; created: boolean } | null> {
  const [exists] = await tx.query("SELECT id FROM sub_projects WHERE id = $1 FOR UPDATE", [subProject]);
  if (!exists) return null;
  const [waiting] = await tx.query<{ id: number }>(
    "SELECT id FROM unicorn_scans WHERE sub_project_id = $1 AND status = 'queued' ORDER BY id LIMIT 1",
    [subProject],
  );
  if (waiting) return { scan: await scanById(tx, waiting.id), created: false };
  const [row] = await tx.query<{ id: number }>(
    "INSERT INTO unicorn_scans (sub_project_id, requested_by, status, created) VALUES ($1, $2, 'queued', $3) RETURNING id",
    [subProject, userId, now],
  );
  return { scan: await scanById(tx, row!.id), created: true };
}

type PairRow = {
  id: number;
  sub_project: string;
  distance: number;
  status: PairStatus;
  decided_by: string | null;
  decided_at: Date | null;
  version: number;
  created: Date;
} & Record<
  `${"a" | "b"}_${"image" | "outlet" | "rsid" | "name" | "owner" | "address" | "city" | "state"}`,
  string | number
>;

const side = (p: "a" | "b") => `
  ${p}i.id AS ${p}_image, ${p}o.id AS ${p}_outlet, ${p}o.rsid AS ${p}_rsid, ${p}o.name AS ${p}_name,
  ${p}o.owner_name AS ${p}_owner, ${p}o.address AS ${p}_address, ${p}c.name AS ${p}_city, ${p}o.workflow_state AS ${p}_state`;
const sideJoin = (p: "a" | "b") => `
  JOIN outlet_images ${p}i ON ${p}i.id = u.image_${p} JOIN outlets ${p}o ON ${p}o.id = ${p}i.outlet_id
  JOIN cities ${p}c ON ${p}c.id = ${p}o.city_id`;
const PAIR_SELECT = `
  SELECT u.id, sp.name AS sub_project, u.distance, u.status, d.name AS decided_by, u.decided_at, u.version, u.created,
         ${side("a")}, ${side("b")}
  FROM unicorn_pairs u JOIN sub_projects sp ON sp.id = u.sub_project_id LEFT JOIN users d ON d.id = u.decided_by
  ${sideJoin("a")} ${sideJoin("b")}`;

function pairOf(r: PairRow): UnicornPair {
  const sideOf = (p: "a" | "b") => {
    const rsid = String(r[`${p}_rsid`]);
    const image = Number(r[`${p}_image`]);
    return {
      image: image as UnicornPair["a"]["image"],
      outlet: Number(r[`${p}_outlet`]) as UnicornPair["a"]["outlet"],
      rsid,
      name: String(r[`${p}_name`]),
      owner: String(r[`${p}_owner`]),
      address: String(r[`${p}_address`]),
      city: String(r[`${p}_city`]),
      workflow_state: String(r[`${p}_state`]),
      url: `/api/outlets/${encodeURIComponent(rsid)}/images/${image}/`,
    };
  };
  return {
    id: UnicornPairId.make(r.id),
    sub_project: r.sub_project,
    distance: r.distance,
    status: r.status,
    decided_by: r.decided_by,
    decided_at: r.decided_at?.toISOString() ?? null,
    version: r.version,
    created: r.created.toISOString(),
    a: sideOf("a"),
    b: sideOf("b"),
  };
}

const PAIR_WHERE = "u.status = $1 AND ($2::int IS NULL OR u.sub_project_id = $2)";

export async function pairs(db: Queryable, query: { status: PairStatus; sub_project?: number }, page: Page) {
  const params = [query.status, query.sub_project ?? null];
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM unicorn_pairs u WHERE ${PAIR_WHERE}`,
    params,
  );
  const rows = await db.query<PairRow>(
    `${PAIR_SELECT} WHERE ${PAIR_WHERE} ORDER BY u.id DESC LIMIT $3 OFFSET $4`,
    [...params, page.size, page.offset],
  );
  return { rows: rows.map(pairOf), count };
}

export const pairById = async (db: Queryable, id: number) =>
  (await db.query<PairRow>(`${PAIR_SELECT} WHERE u.id = $1`, [id])).map(pairOf)[0] ?? null;

/** The reviewer's decision, in one transaction, if the pair is still at the version they read. */
export async function decidePair(
  tx: Queryable,
  id: number,
  decision: { status: PairDecision; version: number },
  userId: number,
  now: Date,
): Promise<"not_found" | "changed" | UnicornPair> {
  const [row] = await tx.query<{ version: number }>(
    "SELECT version FROM unicorn_pairs WHERE id = $1 FOR UPDATE",
    [id],
  );
  if (!row) return "not_found";
  if (row.version !== decision.version) return "changed";
  await tx.query(
    `UPDATE unicorn_pairs SET status = $2, decided_by = $3, decided_at = $4, version = version + 1 WHERE id = $1`,
    [id, decision.status, userId, now],
  );
  return (await pairById(tx, id))!;
}
