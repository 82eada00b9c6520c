/**
 * Image matching's demo (docs/verification.md, "Image matching"): RS000019's shop photo is
 * RS000003's, byte for byte, as if the auditor had submitted one photo for both outlets. Both are in
 * Acme 3P Payout, which admin has scanned (the scan's own steps, run here): the list shows the pair.
 */
import type { Queryable } from "../db/db";
import { completeScan, hashAll } from "../unicorns/scanJob";

export const SHARED_PHOTO = { from: "RS000003", to: "RS000019" } as const;

export async function seedSharedShopPhoto(tx: Queryable, now: number): Promise<void> {
  await tx.query(
    `UPDATE outlet_images t SET content = s.content, content_type = s.content_type
     FROM outlet_images s
     WHERE s.kind = 'banner' AND s.outlet_id = (SELECT id FROM outlets WHERE rsid = $1)
       AND t.kind = 'banner' AND t.outlet_id = (SELECT id FROM outlets WHERE rsid = $2)`,
    [SHARED_PHOTO.from, SHARED_PHOTO.to],
  );
  const [scan] = await tx.query<{ id: number; sub_project_id: number }>(
    `INSERT INTO unicorn_scans (sub_project_id, requested_by, status, created)
     SELECT o.sub_project_id, (SELECT id FROM users WHERE username = 'admin'), 'queued', $2
     FROM outlets o WHERE o.rsid = $1 RETURNING id, sub_project_id`,
    [SHARED_PHOTO.from, new Date(now - 60 * 60 * 1000)],
  );
  if (!scan) return;
  await hashAll(tx, scan.sub_project_id, new Date(now));
  await completeScan(tx, scan.id, scan.sub_project_id, new Date(now - 59 * 60 * 1000));
}
