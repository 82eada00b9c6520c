/**
 * Similar outlets (spec 001 §2.4): the other outlets the caller sees that share the outlet's PAN,
 * GST number, bank account (IFSC and account number) or phone number.
 */
import type { SimilarOutlet } from "../../src/domain/outlets/outletReview";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import type { OutletViewer } from "./access";
import { CHAIN_LIMIT } from "./chain";

const SIMILAR_SQL = `
  FROM outlets sel
  JOIN sub_projects ss ON ss.id = sel.sub_project_id JOIN projects ps ON ps.id = ss.project_id
  JOIN outlets o ON o.id <> sel.id AND (o.pan = sel.pan OR o.gst = sel.gst OR o.phone = sel.phone
    OR (o.account_number = sel.account_number AND o.ifsc = sel.ifsc))
  JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
  WHERE sel.id = $1 AND ($2::boolean OR (p.organisation_id = $3 AND ps.organisation_id = $3))`;

const params = (viewer: OutletViewer, id: number) => [
  id,
  isInternal(viewer.user),
  viewer.user.organisation_id,
];

export async function similarOutlets(
  db: Queryable,
  viewer: OutletViewer,
  id: number,
): Promise<SimilarOutlet[]> {
  return db.query<SimilarOutlet>(
    `SELECT o.rsid, o.id::text AS outlet_id, o.name, nullif(o.account_number, '') AS account_number,
       nullif(o.gst, '') AS gst_number, nullif(o.pan, '') AS pan_number, nullif(o.phone, '') AS phone_number,
       o.workflow_state
     ${SIMILAR_SQL} ORDER BY o.rsid LIMIT ${CHAIN_LIMIT}`,
    params(viewer, id),
  );
}

export async function similarOutletsCount(db: Queryable, viewer: OutletViewer, id: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT o.id ${SIMILAR_SQL} LIMIT ${CHAIN_LIMIT}) x`,
    params(viewer, id),
  );
  return row?.n ?? 0;
}
