/**
 * Automatic assignment (docs/allocation.md, "Rules"): a team's rules give the outlets entering its
 * open states to executives, the spread being the same `planAllocation` as a manager's preview.
 * Which rule applies, what a rule is called, and what its form and the outlet log say.
 */
import { Schema } from "effect";
import { AllocationRuleId, SubProjectId, UserId } from "../api/ids";
import { type AllocationTeam, capacityOf, MAX_ALLOCATION_TARGETS, TEAMS } from "./allocation";

export const AllocationRule = Schema.Struct({
  id: AllocationRuleId,
  /** null: every sub-project of the team's work. */
  sub_project: Schema.NullOr(Schema.Struct({ id: SubProjectId, name: Schema.String })),
  executives: Schema.Array(Schema.Struct({ id: UserId, name: Schema.String, active: Schema.Boolean })),
  capacity: Schema.NullOr(Schema.Number),
  active: Schema.Boolean,
  version: Schema.Number,
});
export type AllocationRule = typeof AllocationRule.Type;

export const AllocationRules = Schema.Struct({ rules: Schema.Array(AllocationRule) });
export type AllocationRules = typeof AllocationRules.Type;

/**
 * The rule that assigns an outlet of this sub-project: the sub-project's own rule when it is on,
 * else the team-wide rule when it is on, else none. A rule switched off is kept for later but
 * assigns nothing, as if it were not there.
 */
export function ruleFor<R extends { sub_project_id: number | null; active: boolean }>(
  rules: readonly R[],
  subProjectId: number,
): R | null {
  const on = rules.filter((r) => r.active);
  return (
    on.find((r) => r.sub_project_id === subProjectId) ?? on.find((r) => r.sub_project_id === null) ?? null
  );
}

/** How a rule is named: on its row, in the outlet log and in the remove question. */
export const ruleName = (subProject: string | null): string =>
  subProject === null ? "every sub-project's rule" : `the ${subProject} rule`;

/** The outlet log's line for a rule's move (the same action and fields as a manager's move). */
export const ruleLogMessage = (team: AllocationTeam, subProject: string | null, to: string): string =>
  `Automatic assignment (${ruleName(subProject)}) gave the ${TEAMS[team].label} executive ${to}.`;

export const RULE_SCOPE_TAKEN = "This team already has a rule for this scope: edit that one.";
export const RULE_EXECUTIVES = `Choose from 1 to ${MAX_ALLOCATION_TARGETS} executives.`;
export const RULE_CHANGED =
  "This rule was changed by someone else since you opened it, so nothing was saved. Reload to see it.";
export const RULE_GONE = "This rule no longer exists.";
export const RULE_SAVE_FAILED = "The rule could not be saved. Try again.";
export const RULE_CHANGE_FAILED = "The rule could not be changed. Try again.";

export const ruleSaved = (subProject: string | null, creating: boolean): string =>
  `${ruleName(subProject).replace(/^./, (c) => c.toUpperCase())} ${creating ? "was added" : "was saved"}.`;

/** The question Remove asks, saying what happens to the outlets. */
export const removeRuleQuestion = (team: AllocationTeam, subProject: string | null): string =>
  `Remove ${ruleName(subProject)}? Outlets already assigned keep their executive; ${
    subProject === null ? "outlets" : `${subProject}'s outlets`
  } entering ${TEAMS[team].label} work from now on ${
    subProject === null ? "are left with no one" : "follow every sub-project's rule, if there is one"
  }.`;

/** The form as typed: the scope ("" every sub-project), the executives chosen, capacity text, on. */
export type RuleDraft = {
  readonly sub_project: string;
  readonly executives: readonly number[];
  readonly capacity: string;
  readonly active: boolean;
};

export const blankRule: RuleDraft = { sub_project: "", executives: [], capacity: "", active: true };

/** A draft can be saved once it names 1 to 20 executives and a valid capacity. */
export const ruleReady = (d: RuleDraft): boolean =>
  d.executives.length > 0 && d.executives.length <= MAX_ALLOCATION_TARGETS && capacityOf(d.capacity).ok;

/** What the form sends to save a rule, and what the save answers. */
export type RuleSaveInput = {
  team: AllocationTeam;
  /** null: a new rule. */
  id: number | null;
  version: number;
  draft: RuleDraft;
};

export type RuleSaveOutcome =
  | { ok: true; detail: string }
  | { ok: false; conflict: false; fieldErrors: Readonly<Record<string, readonly string[]>> }
  | { ok: false; conflict: true; detail: string };
