/**
 * A team's allocation edit (docs/allocation.md): outlets are chosen from the list (or a rule's
 * filters given), executives to receive them and a capacity; a preview shows every move before
 * anything is written; Save moves them at the versions previewed. A save another manager's move
 * made stale is a conflict (the server's 409, as a value) that asks for a reload, never a silent
 * overwrite. Previewing and saving are actors provided at the edge.
 */
import { assign, fromPromise, setup } from "xstate";
import {
  type AllocationMode,
  type AllocationPreview,
  type AllocationTeam,
  allocationReady,
  capacityOf,
  PREVIEW_FAILED,
  SAVE_FAILED,
} from "../../domain/allocation/allocation";

export type AllocationFilter = "executive" | "sub_project" | "state";
export type AllocationRuleField = "from" | "sub_project" | "region" | "territory";

export type PreviewOutcome = { ok: true; preview: AllocationPreview } | { ok: false; message: string };
export type SaveOutcome =
  | { ok: true; detail: string }
  | { ok: false; detail: string; lines: readonly string[] };

export type AllocationEditContext = {
  team: AllocationTeam;
  mode: AllocationMode;
  /** The list's filters, as the select boxes give them ("" for any). */
  filters: Readonly<Record<AllocationFilter, string>>;
  selected: readonly number[];
  to: readonly number[];
  rule: Readonly<Record<AllocationRuleField, number | null>>;
  capacity: string;
  preview: AllocationPreview | null;
  /** What the last step said: a refusal, the saved detail or the conflict's detail. */
  message: string | null;
  conflict: readonly string[];
};

export type AllocationEditEvent =
  | { type: "mode.choose"; mode: AllocationMode }
  | { type: "filter.change"; field: AllocationFilter; value: string }
  | { type: "outlet.toggle"; id: number }
  | { type: "outlets.set"; ids: readonly number[] }
  | { type: "target.toggle"; id: number }
  | { type: "rule.change"; field: AllocationRuleField; value: number | null }
  | { type: "capacity.change"; value: string }
  | { type: "preview" }
  | { type: "back" }
  | { type: "save" }
  | { type: "retry" }
  | { type: "reload" }
  | { type: "again" };

/** What a preview asks for (src/domain/api/allocation.ts previewAllocation, ids as numbers). */
export type PreviewInput = {
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
/** What a save sends (saveAllocation): each move at the version previewed. */
export type SaveInput = {
  team: AllocationTeam;
  body: { moves: readonly { outlet_id: number; to: number; version: number }[] };
};

export type AllocationEditInput = { team: AllocationTeam; executive?: string };

const NO_RULE = { from: null, sub_project: null, region: null, territory: null } as const;

const toggled = (list: readonly number[], id: number) =>
  list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

/** The preview's request: the chosen outlets, or none and the rule's filters. */
export function previewRequest(c: AllocationEditContext): PreviewInput {
  const rule = c.mode === "rule" ? c.rule : NO_RULE;
  const capacity = capacityOf(c.capacity);
  return {
    team: c.team,
    body: {
      outlet_ids: c.mode === "selection" ? c.selected : [],
      to: c.to,
      from: rule.from,
      sub_project: rule.sub_project,
      region: rule.region,
      territory: rule.territory,
      capacity: capacity.ok ? capacity.value : null,
    },
  };
}

/** The save's request: each previewed move at the version previewed. */
const saveRequest = (c: AllocationEditContext): SaveInput => ({
  team: c.team,
  body: {
    moves: (c.preview?.moves ?? []).map((m) => ({ outlet_id: m.id, to: m.to.id, version: m.version })),
  },
});

/** Back to choosing with nothing chosen and nothing previewed (after a save or a reload). */
const cleared = { selected: [], preview: null, conflict: [] } as const;

export const allocationEditMachine = setup({
  types: {} as {
    context: AllocationEditContext;
    events: AllocationEditEvent;
    input: AllocationEditInput;
  },
  actors: {
    previewAllocation: fromPromise<PreviewOutcome, PreviewInput>(async () => {
      throw new Error("previewAllocation is provided by the application");
    }),
    saveAllocation: fromPromise<SaveOutcome, SaveInput>(async () => {
      throw new Error("saveAllocation is provided by the application");
    }),
  },
  actions: {
    /**
     * The page's counts and list are read again: the moves (someone's, or ours) changed them.
     * Written with its (empty) params: a bare `() => {}` here makes TypeScript measure XState's
     * action types differently and refuse the job polling fragment's actions in other machines.
     */
    allocationChanged: (_, _params: Record<string, never> = {}) => {},
  },
  guards: {
    ready: ({ context }) => allocationReady(context),
    hasMoves: ({ context }) => (context.preview?.moves.length ?? 0) > 0,
    previewed: ({ event }) => (event as unknown as { output: PreviewOutcome }).output.ok,
    saved: ({ event }) => (event as unknown as { output: SaveOutcome }).output.ok,
  },
}).createMachine({
  id: "allocationEdit",
  description:
    "A team's allocation edit: outlets or a rule chosen with executives and a capacity, previewed, then saved at the versions previewed.",
  context: ({ input }) => ({
    team: input.team,
    mode: "selection",
    filters: { executive: input.executive ?? "", sub_project: "", state: "" },
    selected: [],
    to: [],
    rule: NO_RULE,
    capacity: "",
    preview: null,
    message: null,
    conflict: [],
  }),
  initial: "selecting",
  states: {
    selecting: {
      description:
        "Outlets are ticked in the list (or a rule's filters chosen), executives and a capacity given; Preview once ready.",
      on: {
        "mode.choose": { actions: assign({ mode: ({ event }) => event.mode, message: null }) },
        "filter.change": {
          actions: assign({
            filters: ({ context, event }) => ({ ...context.filters, [event.field]: event.value }),
            selected: [],
            message: null,
          }),
        },
        "outlet.toggle": {
          actions: assign({
            selected: ({ context, event }) => toggled(context.selected, event.id),
            message: null,
          }),
        },
        "outlets.set": { actions: assign({ selected: ({ event }) => [...event.ids], message: null }) },
        "target.toggle": {
          actions: assign({ to: ({ context, event }) => toggled(context.to, event.id), message: null }),
        },
        "rule.change": {
          actions: assign({
            rule: ({ context, event }) => ({ ...context.rule, [event.field]: event.value }),
            message: null,
          }),
        },
        "capacity.change": { actions: assign({ capacity: ({ event }) => event.value, message: null }) },
        preview: { guard: "ready", target: "previewing" },
      },
    },
    previewing: {
      description:
        "The server spreads the outlets over the executives within the capacity; nothing is written.",
      tags: ["busy"],
      invoke: {
        id: "previewAllocation",
        src: "previewAllocation",
        input: ({ context }) => previewRequest(context),
        onDone: [
          {
            guard: "previewed",
            target: "previewed",
            actions: assign({
              preview: ({ event }) => (event.output.ok ? event.output.preview : null),
            }),
          },
          {
            target: "selecting",
            actions: assign({ message: ({ event }) => (event.output.ok ? null : event.output.message) }),
          },
        ],
        onError: { target: "selecting", actions: assign({ message: PREVIEW_FAILED }) },
      },
    },
    previewed: {
      description: "Every move is shown with each executive's load before and after; Save moves or Back.",
      on: {
        back: { target: "selecting", actions: assign({ preview: null }) },
        save: { guard: "hasMoves", target: "saving" },
      },
    },
    saving: {
      description:
        "The moves are saved at the versions previewed, all or nothing, each logged on its outlet.",
      tags: ["busy"],
      invoke: {
        id: "saveAllocation",
        src: "saveAllocation",
        input: ({ context }) => saveRequest(context),
        onDone: [
          {
            guard: "saved",
            target: "done",
            actions: [assign({ message: ({ event }) => event.output.detail }), "allocationChanged"],
          },
          {
            target: "conflict",
            actions: assign({
              message: ({ event }) => event.output.detail,
              conflict: ({ event }) => (event.output.ok ? [] : event.output.lines),
            }),
          },
        ],
        onError: { target: "failed", actions: assign({ message: SAVE_FAILED }) },
      },
    },
    conflict: {
      description:
        "Another move or a state change came first: nothing was saved; the outlets that changed are listed and Reload reads them again.",
      on: {
        reload: {
          target: "selecting",
          actions: [assign({ ...cleared, message: null }), "allocationChanged"],
        },
      },
    },
    failed: {
      description:
        "The save did not get an answer: Try again saves the same moves, Back returns to choosing.",
      on: {
        retry: { target: "saving", actions: assign({ message: null }) },
        back: { target: "selecting", actions: assign({ preview: null, message: null }) },
      },
    },
    done: {
      description: "The moves are saved and said; Reassign more starts again from the refreshed list.",
      on: {
        again: { target: "selecting", actions: assign({ ...cleared, message: null }) },
      },
    },
  },
});
