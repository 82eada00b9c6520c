/** An outlet's chain: the other outlets the caller sees that share its PAN or bank account. */

import type { ChainOutlet } from "../../src/domain/outlets/bulkUpdate";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import type { OutletViewer } from "./access";

export const CHAIN_LIMIT = 200;

export async function chainOf(
  db: Queryable,
  viewer: OutletViewer,
  ids: readonly number[],
): Promise<ChainOutlet[]> {
  return db.query<ChainOutlet>(
    `SELECT DISTINCT o.rsid, o.name
     FROM outlets sel
     JOIN sub_projects ss ON ss.id = sel.sub_project_id JOIN projects ps ON ps.id = ss.project_id
     JOIN outlets o ON (o.pan = sel.pan OR (o.account_number = sel.account_number AND o.ifsc = sel.ifsc))
     JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
     WHERE sel.id = ANY($1::int[]) AND o.id <> ALL($1::int[]) AND ($2::boolean OR (p.organisation_id = $3 AND ps.organisation_id = $3))
     ORDER BY o.rsid LIMIT ${CHAIN_LIMIT}`,
    [ids, isInternal(viewer.user), viewer.user.organisation_id],
  );
}
