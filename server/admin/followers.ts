/**
 * What follows a resource write in its own transaction, for the resources whose records feed
 * something else: a sub-project's scoring setup is checked as a whole and its rescore queued
 * (server/scoring/setupWrites.ts). Every other resource's write is just the write.
 */
import type { ResourceDefinition } from "../../src/domain/admin/resource";
import {
  calculatedParameters,
  scoringParameterGroups,
  scoringParameters,
} from "../../src/domain/admin/resources/scoring";
import type { Queryable } from "../db/db";
import { followSetupWrite } from "../scoring/setupWrites";
import { columnOf } from "./schemaSql";

type Values = Record<string, unknown>;

const FOLLOWERS: ReadonlyMap<string, typeof followSetupWrite> = new Map([
  [scoringParameterGroups.name, followSetupWrite],
  [scoringParameters.name, followSetupWrite],
  [calculatedParameters.name, followSetupWrite],
]);

/** The parent records a write touches: the stored record's, and the one its values name. */
async function parentsOf(tx: Queryable, def: ResourceDefinition, id: number | null, values: Values | null) {
  const field = def.parent ? def.fields[def.parent.field] : undefined;
  if (!def.parent || !field) return [];
  const ids = new Set<number>();
  if (id !== null) {
    const [row] = await tx.query<{ parent: number }>(
      `SELECT ${columnOf(def.parent.field, field)} AS parent FROM ${def.table} WHERE id = $1`,
      [id],
    );
    if (row) ids.add(row.parent);
  }
  const named = values?.[def.parent.field];
  if (typeof named === "number") ids.add(named);
  return [...ids];
}

/**
 * Runs a write (which answers the record's id) with what follows it. `id` is the record updated or
 * deleted, null for a create; `values` what a create or update writes.
 */
export async function followWrite(
  tx: Queryable,
  def: ResourceDefinition,
  action: "create" | "update" | "delete",
  record: { id: number | null; values: Values | null; callerId: number; now: Date },
  write: () => Promise<number>,
): Promise<number> {
  const follow = FOLLOWERS.get(def.name);
  if (!follow) return write();
  const subProjects = await parentsOf(tx, def, record.id, record.values);
  return follow(
    tx,
    def,
    { action, id: record.id, subProjects, callerId: record.callerId, now: record.now },
    write,
  );
}
