/**
 * Where the demo surveys were taken (docs/verification.md, location checks): each outlet's survey
 * start and end locations near its city's centre, within about 2 km, except every 25th outlet from
 * RS000010 (RS000010, RS000035, RS000060, ...), surveyed in the first city of the next state of the
 * list (a Mumbai outlet located in Bengaluru): the location check lists them as outside their
 * entered state. Outlets without a survey location (RS000005) keep none.
 */
import type { Queryable } from "../db/db";
import { CITY_CENTRES, STATES } from "./places";

export async function seedSurveyLocations(tx: Queryable): Promise<void> {
  const rows = STATES.flatMap((s, i) => {
    const [elsewhere] = STATES[(i + 1) % STATES.length]!.cities[0]!;
    return s.cities.map(([city]) => [city, ...CITY_CENTRES[city]!, ...CITY_CENTRES[elsewhere]!] as const);
  });
  const values = rows.map(
    (_, i) =>
      `($${i * 5 + 1}, $${i * 5 + 2}::float8, $${i * 5 + 3}::float8, $${i * 5 + 4}::float8, $${i * 5 + 5}::float8)`,
  );
  // n counts from RS000001 = 0; n % 25 = 9 is planted in the next state's first city.
  const n = "(substring(o.rsid from 3)::bigint - 1)";
  // Offsets of up to 0.02 degrees (about 2 km) spread the outlets around the centre.
  await tx.query(
    `UPDATE outlets o SET
       start_latitude = round((CASE WHEN ${n} % 25 = 9 THEN p.far_lat ELSE p.lat END + (${n} % 41 - 20) / 1000.0)::numeric, 6),
       start_longitude = round((CASE WHEN ${n} % 25 = 9 THEN p.far_lng ELSE p.lng END + (${n} % 37 - 18) / 1000.0)::numeric, 6),
       end_latitude = round((CASE WHEN ${n} % 25 = 9 THEN p.far_lat ELSE p.lat END + (${n} % 41 - 20) / 1000.0 + 0.0004)::numeric, 6),
       end_longitude = round((CASE WHEN ${n} % 25 = 9 THEN p.far_lng ELSE p.lng END + (${n} % 37 - 18) / 1000.0)::numeric, 6)
     FROM cities c, (VALUES ${values.join(", ")}) AS p(city, lat, lng, far_lat, far_lng)
     WHERE c.id = o.city_id AND p.city = c.name AND o.start_latitude IS NOT NULL`,
    rows.flat(),
  );
}
