/**
 * The multi-object lookup's lists (src/domain/api/lookups.ts): the field auditors, and the payout
 * list's filter options, each the distinct values of the payouts the caller sees (an internal user
 * every organisation's, a client user its own), so an option always finds a row.
 */

import type { FieldAuditorId } from "../../src/domain/api/ids";
import type { LookupAnswer, LookupObject } from "../../src/domain/api/lookups";
import type { Named } from "../../src/domain/fieldTools/fieldTools";
import { FORBIDDEN } from "../auth/guard";
import { isInternal } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
import type { LookupCaller } from "./access";

const payoutValues = (column: string) => async (db: Queryable, caller: LookupCaller) =>
  (
    await db.query<{ v: string }>(
      `SELECT DISTINCT p.${column} AS v FROM outlet_payouts p
       JOIN sub_projects s ON s.id = p.sub_project_id JOIN projects j ON j.id = s.project_id
       WHERE $1::boolean OR j.organisation_id = $2 ORDER BY 1`,
      [isInternal(caller.user), caller.user.organisation_id],
    )
  ).map((r) => r.v);

const READS: { [O in LookupObject]: (db: Queryable, caller: LookupCaller) => Promise<LookupAnswer[O]> } = {
  workflow_field_auditors: (db) =>
    db.query<Named<FieldAuditorId>>("SELECT id, name FROM field_auditors ORDER BY name, id"),
  programs: payoutValues("program"),
  workflow_object_client_payout_months: payoutValues("client_payout_month"),
  workflow_object_rs_payout_months: payoutValues("rs_payout_month"),
};

/** One list per object asked for; any object the caller is not granted refuses the whole call. */
export async function multiObjectLookup(
  db: Queryable,
  caller: LookupCaller,
  objects: readonly LookupObject[],
): Promise<LookupAnswer> {
  if (!objects.every(caller.granted)) throw new Problem(403, { ...FORBIDDEN });
  const out: Record<string, unknown> = {};
  for (const name of new Set(objects)) out[name] = await READS[name](db, caller);
  return out as LookupAnswer;
}
