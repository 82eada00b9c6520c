/**
 * Allocation of work (docs/allocation.md): a team's open work by executive, sub-project and state;
 * its open outlets; the preview of a selection or a rule spread over executives within a capacity;
 * and the save of the previewed moves at the versions read (409 when another move came first).
 * Each is granted to the team's managers and project managers of the internal organisation.
 */
import { Schema } from "effect";
import {
  ALLOCATION_TEAMS,
  AllocationOutlets,
  AllocationOverview,
  AllocationPreview,
  AllocationSaved,
  MAX_ALLOCATION_MOVES,
  MAX_ALLOCATION_TARGETS,
} from "../allocation/allocation";
import { AllocationRule, AllocationRules, RULE_EXECUTIVES } from "../allocation/allocationRules";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { endpoint } from "./endpoint";
import { Choice, IdText, saying, Text } from "./fields";
import { AllocationRuleId, ONE_RECORD_ID, OutletId, SubProjectId, UserId } from "./ids";

const TeamParams = Schema.Struct({ team: Choice(ALLOCATION_TEAMS) });

export const GIVE_EXECUTIVES = `Choose from 1 to ${MAX_ALLOCATION_TARGETS} executives.`;
export const GIVE_MOVES = `Give from 1 to ${MAX_ALLOCATION_MOVES} moves.`;
export const TOO_MANY_OUTLETS = `Choose at most ${MAX_ALLOCATION_MOVES} outlets.`;
export const CAPACITY_LINE = "Give the capacity as a whole number from 1 to 100000, or leave it empty.";
/** The executive filter's value for outlets no executive of the team holds. */
export const UNASSIGNED = "none";
export const EXECUTIVE_FILTER_LINE = `Give an executive's id, or ${UNASSIGNED}.`;

const RowIdOrNull = <S extends Schema.Top>(id: S) => saying(ONE_RECORD_ID)(Schema.NullOr(id));

export const allocationOverview = endpoint({
  summary:
    "A team's open work: its executives with the open outlets each holds, and the counts per executive, sub-project and state",
  method: "GET",
  path: "/allocation/:team/",
  grant: "allocateTeam",
  params: TeamParams,
  response: AllocationOverview,
  refusals: [404],
});

export const allocationOutlets = endpoint({
  summary: `A team's open outlets, by RSID, filtered by executive (an id, or ${UNASSIGNED}), sub-project and state; at most 500 with the total`,
  method: "GET",
  path: "/allocation/:team/outlets/",
  grant: "allocateTeam",
  params: TeamParams,
  query: Schema.Struct({
    executive: Schema.optionalKey(
      saying(EXECUTIVE_FILTER_LINE)(
        Text(MAX_QUERY_TEXT_LENGTH).check(Schema.isPattern(/^(none|[1-9]\d{0,9})$/)),
      ),
    ),
    sub_project: Schema.optionalKey(IdText(SubProjectId, ONE_RECORD_ID)),
    state: Schema.optionalKey(Text(MAX_QUERY_TEXT_LENGTH)),
  }),
  response: AllocationOutlets,
  refusals: [400, 404],
});

/**
 * A preview: the chosen outlets (or, with none chosen, the team's open outlets the rule's filters
 * match) spread over the chosen executives within the capacity. Nothing is written.
 */
export const AllocationPreviewRequest = Schema.Struct({
  outlet_ids: saying(TOO_MANY_OUTLETS)(
    Schema.Array(OutletId).check(Schema.isMaxLength(MAX_ALLOCATION_MOVES)),
  ),
  to: saying(GIVE_EXECUTIVES)(
    Schema.Array(UserId).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_ALLOCATION_TARGETS)),
  ),
  from: RowIdOrNull(UserId),
  sub_project: RowIdOrNull(SubProjectId),
  region: RowIdOrNull(
    Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 2147483647 })),
  ),
  territory: RowIdOrNull(
    Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 2147483647 })),
  ),
  capacity: saying(CAPACITY_LINE)(
    Schema.NullOr(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100000 }))),
  ),
});
export type AllocationPreviewRequest = typeof AllocationPreviewRequest.Type;

export const previewAllocation = endpoint({
  summary:
    "Previews moving the chosen outlets, or those a rule matches (sub-project, region, territory, executive), to the chosen executives within a capacity; writes nothing",
  method: "POST",
  path: "/allocation/:team/preview/",
  grant: "allocateTeam",
  params: TeamParams,
  body: AllocationPreviewRequest,
  response: AllocationPreview,
  refusals: [400, 404],
});

export const AllocationSaveRequest = Schema.Struct({
  moves: saying(GIVE_MOVES)(
    Schema.Array(
      Schema.Struct({ outlet_id: OutletId, to: UserId, version: Schema.Number.check(Schema.isInt()) }),
    ).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_ALLOCATION_MOVES)),
  ),
});
export type AllocationSaveRequest = typeof AllocationSaveRequest.Type;

export const saveAllocation = endpoint({
  summary:
    "Moves outlets to executives of the team at the versions read, all or nothing, logging each move; 409 with the outlets changed meanwhile",
  method: "POST",
  path: "/allocation/:team/moves/",
  grant: "allocateTeam",
  params: TeamParams,
  body: AllocationSaveRequest,
  response: AllocationSaved,
  refusals: [400, 404, 409],
});

// ---- Automatic assignment rules (docs/allocation.md, "Rules") ------------------------------------

/** A rule as sent: its scope (null: every sub-project), executives, capacity and whether it is on. */
export const AllocationRuleRequest = Schema.Struct({
  sub_project: RowIdOrNull(SubProjectId),
  executives: saying(RULE_EXECUTIVES)(
    Schema.Array(UserId).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_ALLOCATION_TARGETS)),
  ),
  capacity: saying(CAPACITY_LINE)(
    Schema.NullOr(
      Schema.Number.check(
        Schema.isInt({ message: CAPACITY_LINE }),
        Schema.isBetween({ minimum: 1, maximum: 100000 }, { message: CAPACITY_LINE }),
      ),
    ),
  ),
  active: Schema.Boolean,
});
export type AllocationRuleRequest = typeof AllocationRuleRequest.Type;

const RuleParams = Schema.Struct({ team: Choice(ALLOCATION_TEAMS), id: IdText(AllocationRuleId) });
const RuleVersion = Schema.Struct({ version: Schema.Number.check(Schema.isInt()) });

export const allocationRules = endpoint({
  summary: "A team's automatic assignment rules, every sub-project's first",
  method: "GET",
  path: "/allocation/:team/rules/",
  grant: "allocateTeam",
  params: TeamParams,
  response: AllocationRules,
  refusals: [404],
});

export const addAllocationRule = endpoint({
  summary:
    "Adds a team's rule for every sub-project or one sub-project: outlets entering the team's open states go to its executives within the capacity",
  method: "POST",
  path: "/allocation/:team/rules/",
  grant: "allocateTeam",
  params: TeamParams,
  body: AllocationRuleRequest,
  response: AllocationRule,
  status: 201,
  refusals: [400, 404],
});

export const updateAllocationRule = endpoint({
  summary:
    "Changes a team's rule (its executives, capacity, on or off) at the version read; 409 when changed meanwhile",
  method: "PUT",
  path: "/allocation/:team/rules/:id/",
  grant: "allocateTeam",
  params: RuleParams,
  body: Schema.Struct({ ...AllocationRuleRequest.fields, ...RuleVersion.fields }),
  response: AllocationRule,
  refusals: [400, 404, 409],
});

export const removeAllocationRule = endpoint({
  summary: "Removes a team's rule at the version read; outlets already assigned keep their executive",
  method: "DELETE",
  path: "/allocation/:team/rules/:id/",
  grant: "allocateTeam",
  params: RuleParams,
  body: RuleVersion,
  response: Schema.Null,
  status: 204,
  refusals: [404, 409],
});
