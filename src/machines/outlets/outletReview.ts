/**
 * The outlet review screen (spec 001 §2.1, §2.4): load the outlet with its QC edit history, show
 * the role's menu, switch tabs, decide a previous address or phone edit (then the page reloads),
 * note a workflow-state change from Update Status, which ends answer editing (§4.2), and Refresh
 * QC data, after which the outlet is read again (§7).
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import {
  hasEditPermission,
  hasPendingEdit,
  initialTab,
  type MenuIndex,
  type OutletEditAction,
  type OutletReview,
  type QcEditHistory,
  type ReviewRole,
  reviewMenu,
} from "../../domain/outlets/outletReview";

export type OutletReviewInput = {
  slug: string;
  role: ReviewRole;
  /** The panels the screen has: menu entries for any other panel are left out. */
  built: readonly string[];
  /** The tab the address names (a reload keeps it); the role's first tab when it is not in the menu. */
  tab?: MenuIndex | null;
};

export type LoadOutcome =
  | {
      type: "ok";
      outlet: OutletReview;
      history: QcEditHistory["data"];
      /** The role's update action list offers this outlet an action (001 §4.2). */
      hasUpdateActions: boolean;
    }
  | { type: "notFound" };
export type DecideOutcome = { type: "ok"; detail: string } | { type: "refused"; detail: string };

export type OutletReviewEvent =
  | { type: "tab.select"; index: MenuIndex }
  | { type: "edit.decide"; action: OutletEditAction }
  | { type: "status.changed" }
  | { type: "outlet.reload" }
  | { type: "qc.refresh" }
  | { type: "retry" };

export type OutletReviewContext = OutletReviewInput & {
  outlet: OutletReview | null;
  history: QcEditHistory["data"];
  tab: MenuIndex | null;
  decision: OutletEditAction | null;
  /** Set once Update Status moved the outlet on this screen; answers can no longer be edited. */
  workflowStateChanged: boolean;
  /** As the last load found it: the role's update action list offers the outlet an action. */
  hasUpdateActions: boolean;
};

/** The menu of the loaded outlet for the context's role. */
export function menuOf(context: Pick<OutletReviewContext, "outlet" | "role" | "built">) {
  const { outlet } = context;
  if (!outlet) return [];
  return reviewMenu({
    role: context.role,
    subProjectType: outlet.sub_project.type,
    interimStatus: outlet.workflow_object.interim_status,
    typeOfCalling: outlet.workflow_object.type_of_calling,
    built: new Set(context.built),
  });
}

/** §4.2, §6: the caller may change the loaded outlet's data here (the view shows those controls). */
export const mayEditOutlet = (context: OutletReviewContext) =>
  context.outlet !== null &&
  hasEditPermission(
    context.role,
    context.outlet.workflow_state,
    context.workflowStateChanged,
    context.hasUpdateActions,
  );

const loaded = (event: unknown) => (event as DoneActorEvent<LoadOutcome>).output;
const decided = (event: unknown) => (event as DoneActorEvent<DecideOutcome>).output;

export const outletReviewMachine = setup({
  types: {} as { context: OutletReviewContext; events: OutletReviewEvent; input: OutletReviewInput },
  actors: {
    loadOutlet: fromPromise<LoadOutcome, { slug: string }>(async () => {
      throw new Error("loadOutlet is provided by the application");
    }),
    decideEdit: fromPromise<DecideOutcome, { slug: string; action: OutletEditAction }>(async () => {
      throw new Error("decideEdit is provided by the application");
    }),
    refreshQc: fromPromise<{ detail: string }, { slug: string }>(async () => {
      throw new Error("refreshQc is provided by the application");
    }),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => {},
  },
  guards: {
    found: ({ event }) => loaded(event).type === "ok",
    inMenu: ({ context, event }) =>
      event.type === "tab.select" && menuOf(context).some((entry) => entry.index === event.index),
    mayDecide: ({ context }) =>
      context.outlet !== null && hasPendingEdit(context.outlet) && mayEditOutlet(context),
    mayEdit: ({ context }) => mayEditOutlet(context),
    decidedOk: ({ event }) => decided(event).type === "ok",
  },
}).createMachine({
  id: "outletReview",
  description: "One outlet under review: its header card, the role's menu and the selected panel.",
  context: ({ input }) => ({
    ...input,
    outlet: null,
    history: [],
    tab: input.tab ?? null,
    decision: null,
    workflowStateChanged: false,
    hasUpdateActions: false,
  }),
  initial: "loading",
  // A tab of the loaded outlet's menu may be chosen at any time, also while it is read again after a save.
  on: { "tab.select": { guard: "inMenu", actions: assign({ tab: ({ event }) => event.index }) } },
  states: {
    loading: {
      tags: ["busy"],
      description: "Reading the outlet with its workflow object, logs and QC edit history.",
      invoke: {
        id: "loadOutlet",
        src: "loadOutlet",
        input: ({ context }) => ({ slug: context.slug }),
        onDone: [
          {
            guard: "found",
            target: "ready",
            actions: assign(({ context, event }) => {
              const output = loaded(event) as Extract<LoadOutcome, { type: "ok" }>;
              const next = { ...context, outlet: output.outlet, history: output.history };
              const menu = menuOf(next);
              const keep = menu.some((entry) => entry.index === context.tab);
              return {
                outlet: output.outlet,
                history: output.history,
                hasUpdateActions: output.hasUpdateActions,
                tab: keep ? context.tab : initialTab(context.role, menu),
              };
            }),
          },
          { target: "notFound", actions: assign({ outlet: null }) },
        ],
        onError: { target: "failed" },
      },
    },
    ready: {
      description: "The header card, the menu for the role and the selected panel are shown.",
      on: {
        "edit.decide": {
          guard: "mayDecide",
          target: "deciding",
          actions: assign({ decision: ({ event }) => event.action }),
        },
        "status.changed": { target: "loading", actions: assign({ workflowStateChanged: true }) },
        // A decision on the Retailer Edit Requests panel changed the outlet: read it again.
        "outlet.reload": { target: "loading" },
        "qc.refresh": { guard: "mayEdit", target: "refreshingQc" },
      },
    },
    refreshingQc: {
      tags: ["busy"],
      description: "Refresh QC data copies the survey's answers to the outlet; then the page reloads.",
      invoke: {
        id: "refreshQc",
        src: "refreshQc",
        input: ({ context }) => ({ slug: context.slug }),
        onDone: {
          target: "loading",
          actions: { type: "notifySuccess", params: ({ event }) => ({ text: event.output.detail }) },
        },
        // The HTTP layer shows the server's words; nothing changed.
        onError: { target: "ready" },
      },
    },
    deciding: {
      tags: ["busy"],
      description: "Accept or Reject of the previous address and phone edit is on its way.",
      invoke: {
        id: "decideEdit",
        src: "decideEdit",
        input: ({ context }) => ({ slug: context.slug, action: context.decision ?? "reject" }),
        onDone: [
          {
            guard: "decidedOk",
            target: "loading",
            actions: [
              { type: "notifySuccess", params: ({ event }) => ({ text: decided(event).detail }) },
              assign({ decision: null }),
            ],
          },
          // Refused (decided elsewhere meanwhile, or no longer allowed): the HTTP layer already
          // shows the server's words; the page reloads to show what is now true.
          { target: "loading", actions: assign({ decision: null }) },
        ],
        onError: { target: "ready", actions: assign({ decision: null }) },
      },
    },
    notFound: {
      description: "No such outlet, or one the signed-in user may not see: the not found page.",
    },
    failed: {
      description: "The outlet could not be read; Retry reads it again.",
      on: { retry: { target: "loading" } },
    },
  },
});
