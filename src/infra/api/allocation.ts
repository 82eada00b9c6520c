/**
 * The allocation calls (src/domain/api/allocation.ts). A preview the server refuses (400) and a
 * save another move made stale (409) are answers with the server's words, not errors.
 */
import { Effect } from "effect";
import {
  type AllocationOutlets,
  type AllocationOverview,
  type AllocationTeam,
  capacityOf,
} from "../../domain/allocation/allocation";
import {
  type AllocationRule,
  type AllocationRules,
  RULE_CHANGED,
  type RuleDraft,
  type RuleSaveInput,
  type RuleSaveOutcome,
  ruleSaved,
} from "../../domain/allocation/allocationRules";
import * as api from "../../domain/api/allocation";
import { AllocationRuleId, OutletId, SubProjectId, UserId } from "../../domain/api/ids";
import { call } from "../endpoint";
import { type ApiError, detailOf } from "../http";

export const allocationKeys = {
  all: ["allocation"] as const,
  overview: (team: AllocationTeam) => ["allocation", team, "overview"] as const,
  outlets: (team: AllocationTeam, filters: Readonly<Record<string, string>>) =>
    ["allocation", team, "outlets", filters] as const,
};

export const allocationOverview = (team: AllocationTeam): Effect.Effect<AllocationOverview, ApiError> =>
  call(api.allocationOverview, { params: { team } });

/** The team's open outlets for the list's filters ("" for any). */
export const allocationOutlets = (
  team: AllocationTeam,
  filters: { executive: string; sub_project: string; state: string },
): Effect.Effect<AllocationOutlets, ApiError> =>
  call(api.allocationOutlets, {
    params: { team },
    query: {
      ...(filters.executive ? { executive: filters.executive } : {}),
      ...(filters.sub_project ? { sub_project: SubProjectId.make(Number(filters.sub_project)) } : {}),
      ...(filters.state ? { state: filters.state } : {}),
    },
  });

/** Every line of a refusal's body, without the field names (the page says what they are about). */
const linesOf = (body: unknown): string[] =>
  typeof body === "object" && body !== null
    ? Object.entries(body).flatMap(([key, value]) =>
        key === "detail" ? [] : Array.isArray(value) ? value.map(String) : [String(value)],
      )
    : [];

export type PreviewCall = {
  team: AllocationTeam;
  body: {
    outlet_ids: readonly number[];
    to: readonly number[];
    from: number | null;
    sub_project: number | null;
    region: number | null;
    territory: number | null;
    capacity: number | null;
  };
};

export const previewAllocation = ({ team, body }: PreviewCall) =>
  call(api.previewAllocation, {
    params: { team },
    body: {
      ...body,
      outlet_ids: body.outlet_ids.map((id) => OutletId.make(id)),
      to: body.to.map((id) => UserId.make(id)),
      from: body.from === null ? null : UserId.make(body.from),
      sub_project: body.sub_project === null ? null : SubProjectId.make(body.sub_project),
    },
    shownInline: [400],
  }).pipe(
    Effect.map((preview) => ({ ok: true as const, preview })),
    Effect.catch((e: ApiError) =>
      e._tag === "ValidationError"
        ? Effect.succeed({ ok: false as const, message: linesOf(e.body).join(" ") })
        : Effect.fail(e),
    ),
  );

export type SaveCall = {
  team: AllocationTeam;
  body: { moves: readonly { outlet_id: number; to: number; version: number }[] };
};

export const saveAllocation = ({ team, body }: SaveCall) =>
  call(api.saveAllocation, {
    params: { team },
    body: {
      moves: body.moves.map((m) => ({
        outlet_id: OutletId.make(m.outlet_id),
        to: UserId.make(m.to),
        version: m.version,
      })),
    },
    shownInline: [409],
  }).pipe(
    Effect.map((saved) => ({ ok: true as const, detail: saved.detail })),
    Effect.catch((e: ApiError) =>
      e._tag === "HttpError" && e.status === 409
        ? Effect.succeed({
            ok: false as const,
            detail: detailOf(e.body) ?? "",
            lines: linesOf(e.body),
          })
        : Effect.fail(e),
    ),
  );

// ---- Automatic assignment rules ----------------------------------------------------------------

export const allocationRulesKey = (team: AllocationTeam) => ["allocation", team, "rules"] as const;

export const allocationRules = (team: AllocationTeam): Effect.Effect<AllocationRules, ApiError> =>
  call(api.allocationRules, { params: { team } });

const ruleBody = (draft: RuleDraft) => {
  const capacity = capacityOf(draft.capacity);
  return {
    sub_project: draft.sub_project === "" ? null : SubProjectId.make(Number(draft.sub_project)),
    executives: draft.executives.map((id) => UserId.make(id)),
    capacity: capacity.ok ? capacity.value : null,
    active: draft.active,
  };
};

/** A 400's lines keyed by field, as the form shows them beside each field. */
const fieldsOf = (body: unknown): Record<string, string[]> =>
  typeof body === "object" && body !== null
    ? Object.fromEntries(
        Object.entries(body).map(([key, value]) => [
          key,
          Array.isArray(value) ? value.map(String) : [String(value)],
        ]),
      )
    : {};

/** Adds the rule, or changes it at the version read; a refusal or a conflict is an answer. */
export const saveAllocationRule = ({ team, id, version, draft }: RuleSaveInput) =>
  (id === null
    ? call(api.addAllocationRule, { params: { team }, body: ruleBody(draft), shownInline: [400] })
    : call(api.updateAllocationRule, {
        params: { team, id: AllocationRuleId.make(id) },
        body: { ...ruleBody(draft), version },
        shownInline: [400, 404, 409],
      })
  ).pipe(
    Effect.map(
      (rule): RuleSaveOutcome => ({
        ok: true,
        detail: ruleSaved(rule.sub_project?.name ?? null, id === null),
      }),
    ),
    Effect.catch((e: ApiError) =>
      e._tag === "ValidationError"
        ? Effect.succeed<RuleSaveOutcome>({ ok: false, conflict: false, fieldErrors: fieldsOf(e.body) })
        : e._tag === "HttpError" && (e.status === 409 || e.status === 404)
          ? Effect.succeed<RuleSaveOutcome>({
              ok: false,
              conflict: true,
              detail: detailOf(e.body) ?? RULE_CHANGED,
            })
          : Effect.fail(e),
    ),
  );

/** Switches a rule on or off at the version read, its other fields as they are. */
export const switchAllocationRule = (team: AllocationTeam, rule: AllocationRule) =>
  call(api.updateAllocationRule, {
    params: { team, id: rule.id },
    body: {
      sub_project: rule.sub_project?.id ?? null,
      executives: rule.executives.map((e) => e.id),
      capacity: rule.capacity,
      active: !rule.active,
      version: rule.version,
    },
  });

export const removeAllocationRule = (team: AllocationTeam, rule: AllocationRule) =>
  call(api.removeAllocationRule, { params: { team, id: rule.id }, body: { version: rule.version } });
