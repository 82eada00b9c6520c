/** One outlet's header facts and its log, if the caller may see it. */

import type { OutletDetail } from "../../src/domain/outletListing";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import type { OutletViewer } from "./access";
import { OUTLET_COLUMNS_SQL, OUTLET_JOINS_SQL, toListed } from "./listing";

export async function outletDetail(
  db: Queryable,
  viewer: OutletViewer,
  slug: string,
): Promise<OutletDetail | null> {
  const [row] = await db.query<Parameters<typeof toListed>[0] & Record<string, unknown>>(
    `SELECT ${OUTLET_COLUMNS_SQL}, o.address, o.pin, z.name AS zone, t.name AS territory, o.phone, o.gst
     ${OUTLET_JOINS_SQL}
     JOIN zones z ON z.id = o.zone_id
     JOIN territories t ON t.id = o.territory_id
     WHERE o.rsid = $1 AND ($2::boolean OR p.organisation_id = $3)`,
    [slug, isInternal(viewer.user), viewer.user.organisation_id],
  );
  if (!row) return null;
  type LogRow = Omit<OutletDetail["logs"][number], "created"> & { created: Date };
  const logs = await db.query<LogRow>(
    `SELECT l.message, l.created, l.action, l.from_state, l.to_state, l.reasons, l.description,
            coalesce(u.name, 'System') AS by
     FROM outlet_logs l LEFT JOIN users u ON u.id = l.user_id
     WHERE l.outlet_id = $1 ORDER BY l.created DESC, l.id DESC`,
    [row.id],
  );
  return {
    ...toListed(row),
    address: String(row.address),
    pin: String(row.pin),
    zone: String(row.zone),
    territory: String(row.territory),
    phone: String(row.phone),
    gst: String(row.gst),
    logs: logs.map((l) => ({ ...l, created: l.created.toISOString() })),
  };
}
