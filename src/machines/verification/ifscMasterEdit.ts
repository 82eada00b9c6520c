/**
 * One IFSC master row on IFSC change verification (000 route list; docs/verification.md): the row
 * the master holds for a looked-up code is read, its bank and branch edited with a reason, and the
 * change saved into the master and its audit trail. Save is offered once bank, branch and reason
 * are given and something changed (`ifscChangeReady`); a failed save says so and keeps the edits.
 * Reading and saving are actors provided at the edge.
 */
import { assign, fromPromise, setup } from "xstate";
import {
  IFSC_MASTER_NOT_SAVED,
  type IfscMasterAnswer,
  ifscChangeReady,
  ifscMasterSaved,
} from "../../domain/verification/verification";

export type IfscMasterSaveRequest = { code: string; bank: string; branch: string; reason: string };

export type IfscMasterEditContext = {
  code: string;
  answer: IfscMasterAnswer | null;
  bank: string;
  branch: string;
  reason: string;
  message: string | null;
};

export type IfscMasterEditEvent =
  | { type: "bank.change"; value: string }
  | { type: "branch.change"; value: string }
  | { type: "reason.change"; value: string }
  | { type: "save" }
  | { type: "retry" };

/** The form's values as the master holds them, the reason empty. */
const shown = (answer: IfscMasterAnswer) => ({
  answer,
  bank: answer.row?.bank ?? "",
  branch: answer.row?.branch ?? "",
  reason: "",
  message: null,
});

export const ifscMasterEditMachine = setup({
  types: {} as { context: IfscMasterEditContext; events: IfscMasterEditEvent; input: { code: string } },
  actors: {
    readRow: fromPromise<IfscMasterAnswer, { code: string }>(async () => {
      throw new Error("readRow is provided by the application");
    }),
    saveRow: fromPromise<IfscMasterAnswer, IfscMasterSaveRequest>(async () => {
      throw new Error("saveRow is provided by the application");
    }),
  },
  actions: {
    notifySaved: (_, _params: { text: string }) => {},
  },
  guards: {
    ready: ({ context }) => ifscChangeReady(context.answer?.row ?? null, context),
  },
}).createMachine({
  id: "ifscMasterEdit",
  description: "One IFSC master row: read, edited with a reason, saved into the master and its audit trail.",
  context: ({ input }) => ({
    code: input.code,
    answer: null,
    bank: "",
    branch: "",
    reason: "",
    message: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "The master's row for the code, whether the code is issued, and its changes are read.",
      tags: ["busy"],
      invoke: {
        id: "readRow",
        src: "readRow",
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: "editing", actions: assign(({ event }) => shown(event.output)) },
        onError: { target: "failed" },
      },
    },
    failed: {
      description: "The master could not be read: Try again.",
      on: { retry: "loading" },
    },
    editing: {
      description: "Bank, branch and the reason are typed; Save is offered once something changed.",
      on: {
        "bank.change": { actions: assign({ bank: ({ event }) => event.value, message: null }) },
        "branch.change": { actions: assign({ branch: ({ event }) => event.value, message: null }) },
        "reason.change": { actions: assign({ reason: ({ event }) => event.value, message: null }) },
        save: { guard: "ready", target: "saving" },
      },
    },
    saving: {
      description: "The change is saved into the master with its reason.",
      tags: ["busy"],
      invoke: {
        id: "saveRow",
        src: "saveRow",
        input: ({ context }) => ({
          code: context.code,
          bank: context.bank.trim(),
          branch: context.branch.trim(),
          reason: context.reason.trim(),
        }),
        onDone: {
          target: "editing",
          actions: [
            assign(({ event }) => shown(event.output)),
            {
              type: "notifySaved",
              params: ({ context, event }) => ({ text: ifscMasterSaved(context.code, event.output.row) }),
            },
          ],
        },
        onError: { target: "editing", actions: assign({ message: IFSC_MASTER_NOT_SAVED }) },
      },
    },
  },
});
