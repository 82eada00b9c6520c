/**
 * A write of a sub-project's scoring setup (its groups, scoring and calculated parameters), in the
 * write's own transaction: the setup as the write leaves it must have no problem it did not have
 * before (`setupProblems`: a rule that does not fit its question, an expression naming a code no
 * parameter has, a cycle), so a stored setup always scores; then the sub-project's rescore is queued,
 * and every score follows the change once the job runner has worked it.
 */

import type { ResourceDefinition } from "../../src/domain/admin/resource";
import {
  deletionReadBy,
  problemOf,
  readByExpression,
  type SetupProblem,
  sameProblem,
  setupProblems,
} from "../../src/domain/survey/scoring";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
import { queueRescore } from "./runs";
import { loadSetup } from "./setup";

export type SetupChange = {
  readonly action: "create" | "update" | "delete";
  /** The record written (null until a create has inserted it). */
  readonly id: number | null;
  /** The sub-projects whose setup the write changes: the record's, before and after. */
  readonly subProjects: readonly number[];
  readonly callerId: number;
  readonly now: Date;
};

const problemsOf = async (tx: Queryable, subProjects: readonly number[]) =>
  (await Promise.all(subProjects.map(async (id) => setupProblems(await loadSetup(tx, id))))).flat();

/** The refusal of a write that would add problems to the setup. */
function refusal(def: ResourceDefinition, change: SetupChange, id: number, added: SetupProblem[]): Problem {
  const own = added.filter((p) => p.resource === def.name && p.id === id);
  if (own.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const p of own) errors[p.field] = [...(errors[p.field] ?? []), p.message];
    return new Problem(400, errors);
  }
  const read = added.find((p) => p.reads !== undefined);
  if (change.action === "delete")
    return new Problem(409, {
      detail: read ? deletionReadBy(def.noun, read.name, read.reads!) : problemOf(added[0]!),
      code: "in_use",
    });
  return new Problem(
    400,
    read ? { code: [readByExpression(read.name, read.reads!)] } : { non_field_errors: added.map(problemOf) },
  );
}

/** Runs a scoring setup write, refusing it when it adds a problem, and queues the rescore it calls for. */
export async function followSetupWrite(
  tx: Queryable,
  def: ResourceDefinition,
  change: SetupChange,
  write: () => Promise<number>,
): Promise<number> {
  const before = await problemsOf(tx, change.subProjects);
  const id = await write();
  const after = await problemsOf(tx, change.subProjects);
  const added = after.filter((p) => !before.some((b) => sameProblem(p, b)));
  if (added.length > 0) throw refusal(def, change, id, added);
  for (const subProject of change.subProjects)
    await queueRescore(tx, subProject, change.callerId, change.now);
  return id;
}
