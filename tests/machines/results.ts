/** Each fixture's run and mutation check, computed once per test process and shared. */
import type { MachineFixture } from "./fixture";
import { type MachineRun, runFixture } from "./harness";
import { type MutationResult, mutationCheck } from "./mutations";

export type FixtureResults = { run: MachineRun; mutations: MutationResult[] };

const cache = new Map<string, { run?: MachineRun; mutations?: MutationResult[] }>();

export function fixtureResults(fixture: MachineFixture): FixtureResults {
  const known = cache.get(fixture.id) ?? {};
  cache.set(fixture.id, known);
  known.run ??= runFixture(fixture);
  known.mutations ??= mutationCheck(fixture);
  return { run: known.run, mutations: known.mutations };
}
