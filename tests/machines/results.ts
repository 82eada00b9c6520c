/** Each fixture's run and mutation check, computed at most once per test process and shared. */
import type { MachineFixture } from "./fixture";
import { type MachineRun, runFixture } from "./harness";
import { type MutationResult, mutationCheck } from "./mutations";

export type FixtureResults = { run: MachineRun; mutations: MutationResult[] };

const runs = new Map<string, MachineRun>();
const mutations = new Map<string, MutationResult[]>();

export function runOf(fixture: MachineFixture): MachineRun {
  const known = runs.get(fixture.id) ?? runFixture(fixture);
  runs.set(fixture.id, known);
  return known;
}

export function mutationsOf(fixture: MachineFixture): MutationResult[] {
  const known = mutations.get(fixture.id) ?? mutationCheck(fixture);
  mutations.set(fixture.id, known);
  return known;
}

export const fixtureResults = (fixture: MachineFixture): FixtureResults => ({
  run: runOf(fixture),
  mutations: mutationsOf(fixture),
});
