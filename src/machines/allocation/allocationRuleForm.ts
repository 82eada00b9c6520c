/**
 * The form adding or changing a team's automatic assignment rule (docs/allocation.md, "Rules"):
 * scope, executives, capacity and on/off are edited; Save is offered once the draft names an
 * executive and a valid capacity (`ruleReady`); the server's refusal comes back as field lines, a
 * save over someone else's newer change is a conflict whose Reload closes the form to read the
 * rules again, and a failed save keeps the draft. The save is an actor provided at the edge.
 */
import { assign, fromPromise, setup } from "xstate";
import type { AllocationTeam } from "../../domain/allocation/allocation";
import {
  blankRule,
  RULE_SAVE_FAILED,
  type RuleDraft,
  type RuleSaveInput,
  type RuleSaveOutcome,
  ruleReady,
} from "../../domain/allocation/allocationRules";

export type { RuleSaveInput, RuleSaveOutcome } from "../../domain/allocation/allocationRules";

export type AllocationRuleFormContext = {
  team: AllocationTeam;
  id: number | null;
  version: number;
  draft: RuleDraft;
  fieldErrors: Readonly<Record<string, readonly string[]>>;
  message: string | null;
};

export type AllocationRuleFormInput = {
  team: AllocationTeam;
  rule: { id: number; version: number; draft: RuleDraft } | null;
};

export type AllocationRuleFormEvent =
  | { type: "scope.change"; value: string }
  | { type: "executive.toggle"; id: number }
  | { type: "capacity.change"; value: string }
  | { type: "active.toggle" }
  | { type: "save" }
  | { type: "cancel" }
  | { type: "reload" };

const edited = (context: AllocationRuleFormContext, change: Partial<RuleDraft>) => ({
  draft: { ...context.draft, ...change },
  message: null,
});

export const allocationRuleFormMachine = setup({
  types: {} as {
    context: AllocationRuleFormContext;
    events: AllocationRuleFormEvent;
    input: AllocationRuleFormInput;
  },
  actors: {
    saveRule: fromPromise<RuleSaveOutcome, RuleSaveInput>(async () => {
      throw new Error("saveRule is provided by the application");
    }),
  },
  actions: {
    notifySaved: (_, _params: { text: string }) => {},
    rulesChanged: () => {},
    formClosed: () => {},
  },
  guards: {
    ready: ({ context }) => ruleReady(context.draft),
    saved: (_, params: { outcome: RuleSaveOutcome }) => params.outcome.ok,
    conflict: (_, params: { outcome: RuleSaveOutcome }) => !params.outcome.ok && params.outcome.conflict,
  },
}).createMachine({
  id: "allocationRuleForm",
  description: "A team's automatic assignment rule being added or changed, then saved at the version read.",
  context: ({ input }) => ({
    team: input.team,
    id: input.rule?.id ?? null,
    version: input.rule?.version ?? 0,
    draft: input.rule?.draft ?? blankRule,
    fieldErrors: {},
    message: null,
  }),
  initial: "editing",
  states: {
    editing: {
      description:
        "Scope, executives, capacity and on/off are edited; Save is offered once an executive is chosen and the capacity is valid.",
      on: {
        "scope.change": {
          actions: assign(({ context, event }) => edited(context, { sub_project: event.value })),
        },
        "executive.toggle": {
          actions: assign(({ context, event }) =>
            edited(context, {
              executives: context.draft.executives.includes(event.id)
                ? context.draft.executives.filter((id) => id !== event.id)
                : [...context.draft.executives, event.id],
            }),
          ),
        },
        "capacity.change": {
          actions: assign(({ context, event }) => edited(context, { capacity: event.value })),
        },
        "active.toggle": {
          actions: assign(({ context }) => edited(context, { active: !context.draft.active })),
        },
        save: { guard: "ready", target: "saving" },
        cancel: { target: "closed" },
      },
    },
    saving: {
      description: "The rule is sent with the version read.",
      tags: ["busy"],
      invoke: {
        id: "saveRule",
        src: "saveRule",
        input: ({ context }) => ({
          team: context.team,
          id: context.id,
          version: context.version,
          draft: context.draft,
        }),
        onDone: [
          {
            guard: { type: "saved", params: ({ event }) => ({ outcome: event.output }) },
            target: "closed",
            actions: [
              {
                type: "notifySaved",
                params: ({ event }) => ({ text: event.output.ok ? event.output.detail : "" }),
              },
              "rulesChanged",
            ],
          },
          {
            guard: { type: "conflict", params: ({ event }) => ({ outcome: event.output }) },
            target: "conflict",
            actions: assign(({ event }) => ({
              message: !event.output.ok && event.output.conflict ? event.output.detail : null,
              fieldErrors: {},
            })),
          },
          {
            target: "editing",
            actions: assign(({ event }) => ({
              fieldErrors: !event.output.ok && !event.output.conflict ? event.output.fieldErrors : {},
              message: null,
            })),
          },
        ],
        onError: { target: "editing", actions: assign({ message: RULE_SAVE_FAILED, fieldErrors: {} }) },
      },
    },
    conflict: {
      description:
        "Someone changed or removed the rule since it was read: nothing saved; Reload reads the rules again.",
      on: { reload: { target: "closed", actions: "rulesChanged" }, cancel: { target: "closed" } },
    },
    closed: {
      description: "The form is closed: saved, cancelled or left to read the rules again.",
      type: "final",
      entry: "formClosed",
    },
  },
});
