/** A sub-project's SKU list as the SKU editing slider reads it (002 §7). */
import type { SubProjectSku } from "../../src/domain/invoices/invoiceSetup";
import type { Queryable } from "../db/db";
import { type Viewer, visibleProjects } from "../projects/cards";

/** Null when the viewer sees no sub-project of that slug. */
export async function subProjectSkus(
  db: Queryable,
  viewer: Viewer,
  slug: string,
  excludeRetailers: boolean,
): Promise<SubProjectSku[] | null> {
  const params: unknown[] = [slug];
  const subs = await db.query<{ id: number }>(
    `SELECT s.id FROM sub_projects s JOIN projects p ON p.id = s.project_id
     WHERE s.slug = $1 AND ${visibleProjects(viewer, params)}`,
    params,
  );
  if (subs.length === 0) return null;
  return db.query<SubProjectSku>(
    `SELECT x.id, x.sku_id AS sku, k.sku_code, x.name, x.added_by_retailer
     FROM sub_project_skus x LEFT JOIN skus k ON k.id = x.sku_id
     WHERE x.sub_project_id = ANY($1::int[]) AND ($2::boolean IS FALSE OR NOT x.added_by_retailer)
     ORDER BY lower(x.name), x.id`,
    [subs.map((s) => s.id), excludeRetailers],
  );
}
