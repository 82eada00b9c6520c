/**
 * The bulk status update modal (spec 000 §2.3, §4.2, §5, §7.3, §8): choose an action offered for
 * every selected outlet, fill its extra fields (reasons, several for wip_with_reasons, the chain
 * RSID checklist for a duplicate outlet), save; a 400 comes back as lines on the form.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import {
  type ActionsConfigResponse,
  allowedBulkActions,
  type OfferedAction,
} from "../../domain/outlets/actionsConfig";
import {
  type BulkOutlet,
  type BulkUpdateOutcome,
  type BulkUpdateRequest,
  bulkPayload,
  type ChainOutlet,
} from "../../domain/outlets/bulkUpdate";
import {
  asksReasonDescription,
  joinReasons,
  needsChainConfirmation,
  splitReasons,
} from "../../domain/outlets/extraFields";

export const DEFAULT_HEADING = "Update Status";

export type BulkStatusInput = {
  outlets: readonly BulkOutlet[];
  config: ActionsConfigResponse;
  heading?: string;
};

export type BulkStatusEvent =
  | { type: "action.choose"; action: string }
  | { type: "field.change"; key: string; value: string }
  | { type: "reason.toggle"; key: string; reason: string }
  | { type: "description.change"; value: string }
  | { type: "chain.toggle"; rsid: string }
  | { type: "status.save" }
  | { type: "error.retry" }
  | { type: "done.okay" };

export type BulkStatusContext = {
  heading: string;
  outlets: readonly BulkOutlet[];
  offered: readonly OfferedAction[];
  action: string | null;
  values: Readonly<Record<string, string>>;
  description: string;
  /** The chain's outlets once loaded (null before a duplicate-chain reason is chosen). */
  chain: readonly ChainOutlet[] | null;
  chainChecked: readonly string[];
  chainError: string | null;
  /** The server's 400 as field-and-value lines. */
  lines: readonly string[];
  /** The server's own words for a done update ("Updated 2 outlets."). */
  doneDetail: string | null;
};

export const CHAIN_LOAD_FAILED = "The chain RSIDs could not be loaded.";

type SaveDone = DoneActorEvent<BulkUpdateOutcome>;

/** The reason text after a field change or a reason toggle. */
function changedValue(context: BulkStatusContext, event: BulkStatusEvent): string | null {
  if (event.type === "field.change") return event.value;
  if (event.type !== "reason.toggle") return null;
  const current = splitReasons(context.values[event.key] ?? "");
  const next = current.includes(event.reason)
    ? current.filter((r) => r !== event.reason)
    : [...current, event.reason];
  return joinReasons(next);
}

/** Every chosen reason, however many reason fields the action has. */
const reasonText = (context: BulkStatusContext) => Object.values(context.values).join(";");

const chosenAction = (context: BulkStatusContext) =>
  context.offered.find((a) => a.name === context.action) ?? null;

const keyOf = (event: BulkStatusEvent) =>
  event.type === "field.change" || event.type === "reason.toggle" ? event.key : "";

export const bulkStatusUpdateMachine = setup({
  types: {} as { context: BulkStatusContext; events: BulkStatusEvent; input: BulkStatusInput },
  actors: {
    loadChain: fromPromise<readonly ChainOutlet[], { ids: readonly number[] }>(async () => {
      throw new Error("loadChain is provided by the application");
    }),
    saveStatus: fromPromise<BulkUpdateOutcome, BulkUpdateRequest>(async () => {
      throw new Error("saveStatus is provided by the application");
    }),
  },
  actions: {
    /** Refreshes the lists and outlet details that showed the old states. */
    outletsChanged: () => {},
    setValue: assign({
      values: ({ context, event }) => ({
        ...context.values,
        [keyOf(event)]: changedValue(context, event) ?? "",
      }),
    }),
    setDescription: assign({
      description: ({ context, event }) =>
        event.type === "description.change" ? event.value : context.description,
    }),
  },
  guards: {
    actionChosen: ({ context }) => context.action !== null,
    chainNeeded: ({ context, event }) =>
      context.chain === null && needsChainConfirmation(changedValue(context, event) ?? ""),
    saved: ({ event }) => (event as unknown as SaveDone).output.type === "done",
    /** The chain checklist is asked for: a duplicate-chain reason is chosen and the chain has loaded. */
    chainAsked: ({ context }) => context.chain !== null && needsChainConfirmation(reasonText(context)),
    reasonsTaken: ({ context }) => {
      const chosen = chosenAction(context);
      return chosen !== null && asksReasonDescription(Object.keys(chosen.extra_data));
    },
  },
}).createMachine({
  id: "bulkStatusUpdate",
  description: "The Update Status dialog of an outlet list, from choosing an action to Done.",
  context: ({ input }) => ({
    heading: input.heading ?? DEFAULT_HEADING,
    outlets: input.outlets,
    offered: allowedBulkActions(input.outlets, input.config),
    action: null,
    values: {},
    description: "",
    chain: null,
    chainChecked: [],
    chainError: null,
    lines: [],
    doneDetail: null,
  }),
  initial: "form",
  states: {
    form: {
      tags: ["editing"],
      description:
        "The status dropdown of actions offered for every selected outlet (or No Actions Available), the chosen action's extra fields and Save.",
      on: {
        "action.choose": {
          actions: assign({
            action: ({ event }) => event.action || null,
            values: {},
            description: "",
            chainChecked: [],
          }),
        },
        "field.change": [
          { guard: "chainNeeded", target: "loadingChain", actions: "setValue" },
          { actions: "setValue" },
        ],
        "reason.toggle": [
          { guard: "chainNeeded", target: "loadingChain", actions: "setValue" },
          { actions: "setValue" },
        ],
        "description.change": { guard: "reasonsTaken", actions: "setDescription" },
        "chain.toggle": {
          guard: "chainAsked",
          actions: assign({
            chainChecked: ({ context, event }) =>
              context.chainChecked.includes(event.rsid)
                ? context.chainChecked.filter((r) => r !== event.rsid)
                : [...context.chainChecked, event.rsid],
          }),
        },
        "status.save": { guard: "actionChosen", target: "saving" },
      },
    },
    loadingChain: {
      tags: ["editing"],
      description: "A duplicate-chain reason was chosen: the chain's RSIDs load for the checklist.",
      // The description stays writable while the chain loads.
      on: { "description.change": { guard: "reasonsTaken", actions: "setDescription" } },
      invoke: {
        id: "loadChain",
        src: "loadChain",
        input: ({ context }) => ({ ids: context.outlets.map((o) => o.id) }),
        onDone: { target: "form", actions: assign({ chain: ({ event }) => event.output, chainError: null }) },
        onError: { target: "form", actions: assign({ chain: [], chainError: CHAIN_LOAD_FAILED }) },
      },
    },
    saving: {
      description: "Processing...: Updating Outlet Details.",
      entry: assign({ lines: [] }),
      invoke: {
        id: "saveStatus",
        src: "saveStatus",
        input: ({ context }) =>
          bulkPayload(
            context.action ?? "",
            context.outlets,
            context.values,
            context.description,
            needsChainConfirmation(reasonText(context)) ? context.chainChecked : [],
          ),
        onDone: [
          {
            guard: "saved",
            target: "done",
            actions: [
              assign({
                doneDetail: ({ event }) => (event.output.type === "done" ? event.output.detail : null),
              }),
              "outletsChanged",
            ],
          },
          {
            target: "form",
            actions: assign({
              lines: ({ event }) => {
                const outcome = event.output;
                return outcome.type === "invalid" ? outcome.lines : [];
              },
            }),
          },
        ],
        onError: { target: "failed" },
      },
    },
    done: {
      description: "Done: the outlets were updated and the list refreshes; Okay closes the dialog.",
      on: { "done.okay": { target: "closed" } },
    },
    failed: {
      description: "Error: Something went wrong. Try Again goes back to the form.",
      on: { "error.retry": { target: "form" } },
    },
    closed: {
      description: "The update is over; the list closes the dialog.",
      type: "final",
    },
  },
});
