/**
 * The location checks of a sub-project (docs/verification.md): each outlet's survey location placed
 * offline (./places.ts) and compared with its entered address by the domain's `locationVerdict`.
 * Worked out on each request over the sub-project's located outlets (a grid lookup each), so a
 * corrected address or location shows at once; the list keeps the verdicts asked for.
 */
import type { SubProjectId } from "../../src/domain/api/ids";
import {
  type CheckedSubProject,
  LOCATION_VERDICTS,
  type LocationCheck,
  type LocationShow,
  locationVerdict,
  verdictsShown,
} from "../../src/domain/verification/locationChecks";
import type { Queryable } from "../db/db";
import type { Page } from "../http/pagination";
import { placeOf } from "./places";

const SUB_PROJECTS = `
  SELECT sp.id, sp.name, p.name AS project, org.name AS organisation
  FROM sub_projects sp JOIN projects p ON p.id = sp.project_id JOIN organisations org ON org.id = p.organisation_id`;

type OutletRow = {
  id: number;
  rsid: string;
  name: string;
  address: string;
  pin: string;
  city: string;
  state: string;
  lat: number | null;
  lng: number | null;
};

/** Every sub-project, the list the page chooses from. */
export const checkedSubProjects = (db: Queryable) =>
  db.query<CheckedSubProject>(`${SUB_PROJECTS} ORDER BY org.name, p.name, sp.name, sp.id`);

/** Each outlet of the sub-project with its place and verdict, in RSID order. */
export async function checksOf(db: Queryable, subProject: SubProjectId): Promise<LocationCheck[]> {
  const outlets = await db.query<OutletRow>(
    `SELECT o.id, o.rsid, o.name, o.address, o.pin, c.name AS city, s.name AS state,
            coalesce(o.start_latitude, o.end_latitude) AS lat, coalesce(o.start_longitude, o.end_longitude) AS lng
     FROM outlets o JOIN cities c ON c.id = o.city_id JOIN states s ON s.id = o.state_id
     WHERE o.sub_project_id = $1 ORDER BY o.rsid`,
    [subProject],
  );
  const checks: LocationCheck[] = [];
  for (const o of outlets) {
    const located = o.lat !== null && o.lng !== null;
    const found = located ? await placeOf(o.lat!, o.lng!) : null;
    checks.push({
      id: o.id as LocationCheck["id"],
      rsid: o.rsid,
      name: o.name,
      entered: { address: o.address, city: o.city, state: o.state, pin: o.pin },
      latitude: o.lat,
      longitude: o.lng,
      found,
      verdict: locationVerdict({ pin: o.pin, state: o.state }, located, found),
    });
  }
  return checks;
}

/** The page of the verdicts shown, and the count of each verdict. */
export function pageOfChecks(checks: readonly LocationCheck[], show: LocationShow, page: Page) {
  const shown = checks.filter((c) => verdictsShown(show).includes(c.verdict));
  return {
    rows: shown.slice(page.offset, page.offset + page.size),
    count: shown.length,
    summary: LOCATION_VERDICTS.map((verdict) => ({
      verdict,
      count: checks.filter((c) => c.verdict === verdict).length,
    })),
  };
}
