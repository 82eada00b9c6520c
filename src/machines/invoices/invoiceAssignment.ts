/**
 * A sub-project's invoice assignment (000 §2.1 assign-invoice-sku): the setup loads; the user
 * chooses a template or builds an ordered header list; Save sends it at the version read. Someone
 * else's save in between is a version conflict, which keeps the user's choice on screen and offers
 * Reload; the rule of what may be saved is the domain's `assignmentProblem`.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import type { SkuTemplateId } from "../../domain/api/ids";
import {
  assignmentProblem,
  type HeaderOption,
  type InvoiceAssignment,
  type InvoiceSetup,
  moveHeader,
  SETUP_LOAD_FAILED,
  SETUP_SAVE_FAILED,
  SETUP_SAVED,
  type SetupLoadOutcome,
  type SetupSaveOutcome,
} from "../../domain/invoices/invoiceSetup";
import type { HubAddress } from "../projects/subProjectHub";

export type AssignmentMode = "template" | "headers";

export type InvoiceAssignmentContext = HubAddress & {
  setup: InvoiceSetup | null;
  mode: AssignmentMode;
  template: SkuTemplateId | null;
  headers: readonly HeaderOption[];
  /** Why the last Save did not happen, or the last load failed. */
  problem: string | null;
  notice: string | null;
};

export type InvoiceAssignmentEvent =
  | { type: "useTemplate"; template: SkuTemplateId | null }
  | { type: "useHeaders" }
  | { type: "addHeader"; id: number }
  | { type: "removeHeader"; id: number }
  | { type: "moveHeader"; from: number; to: number }
  | { type: "save" }
  | { type: "reload" };

export type SaveInput = HubAddress & { assignment: InvoiceAssignment };

const loaded = (event: unknown) => (event as DoneActorEvent<SetupLoadOutcome>).output;
const savedOutcome = (event: unknown) => (event as DoneActorEvent<SetupSaveOutcome>).output;

/** An edit makes the last save's answer, good or bad, out of date. */
const EDITED = { problem: null, notice: null };

/** The screen's choice as the assignment it saves. */
export const assignmentOf = (c: InvoiceAssignmentContext): InvoiceAssignment => ({
  version: c.setup?.version ?? 0,
  template: c.mode === "template" ? c.template : null,
  headers: c.mode === "headers" ? c.headers.map((h) => h.id) : [],
});

/** The choice shown for a setup as read: its template, else its own headers. */
const fromSetup = (setup: InvoiceSetup) => ({
  setup,
  mode: (setup.template !== null || setup.headers.length === 0 ? "template" : "headers") as AssignmentMode,
  template: setup.template,
  headers: setup.headers,
});

export const invoiceAssignmentMachine = setup({
  types: {} as { context: InvoiceAssignmentContext; events: InvoiceAssignmentEvent; input: HubAddress },
  actors: {
    loadSetup: fromPromise<SetupLoadOutcome, HubAddress>(async () => {
      throw new Error("loadSetup is provided by the application");
    }),
    saveSetup: fromPromise<SetupSaveOutcome, SaveInput>(async () => {
      throw new Error("saveSetup is provided by the application");
    }),
  },
  guards: {
    found: ({ event }) => loaded(event).type === "found",
    saveable: ({ context }) => assignmentProblem(assignmentOf(context)) === null,
    saved: ({ event }) => savedOutcome(event).type === "saved",
    conflict: ({ event }) => savedOutcome(event).type === "conflict",
    // The header list is edited only while it is the choice shown (a template hides it).
    listShown: ({ context }) => context.mode === "headers",
    notListed: ({ context, event }) =>
      context.mode === "headers" &&
      event.type === "addHeader" &&
      !context.headers.some((h) => h.id === event.id),
  },
}).createMachine({
  id: "invoiceAssignment",
  description:
    "A sub-project's invoice template or ordered header list: loaded, edited, saved at its version.",
  context: ({ input }) => ({
    projectSlug: input.projectSlug,
    slug: input.slug,
    setup: null,
    mode: "template",
    template: null,
    headers: [],
    problem: null,
    notice: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "The saved setup, the organisation's templates and its header catalogue are being read.",
      tags: ["busy"],
      entry: assign({ problem: null, notice: null }),
      invoke: {
        id: "loadSetup",
        src: "loadSetup",
        input: ({ context }) => ({ projectSlug: context.projectSlug, slug: context.slug }),
        onDone: [
          {
            guard: "found",
            target: "editing",
            actions: assign(({ event }) => {
              const out = loaded(event);
              return out.type === "found" ? fromSetup(out.setup) : {};
            }),
          },
          { target: "notFound" },
        ],
        onError: { target: "loadFailed", actions: assign({ problem: SETUP_LOAD_FAILED }) },
      },
    },
    notFound: {
      description: "No such sub-project for this user (another organisation's): Page not found.",
      type: "final",
    },
    loadFailed: {
      description: "The setup could not be read: Try again reloads it.",
      on: { reload: "loading" },
    },
    editing: {
      description:
        "The choice is the user's: a template, or headers added, removed and put in order; Save sends it.",
      on: {
        useTemplate: {
          actions: assign(({ event }) => ({
            mode: "template" as const,
            template: event.template,
            ...EDITED,
          })),
        },
        useHeaders: { actions: assign({ mode: "headers", ...EDITED }) },
        addHeader: {
          guard: "notListed",
          actions: assign(({ context, event }) => {
            const header = context.setup?.catalogue.find((h) => h.id === event.id);
            return header ? { headers: [...context.headers, header], ...EDITED } : {};
          }),
        },
        removeHeader: {
          guard: "listShown",
          actions: assign(({ context, event }) => ({
            headers: context.headers.filter((h) => h.id !== event.id),
            ...EDITED,
          })),
        },
        moveHeader: {
          guard: "listShown",
          actions: assign(({ context, event }) => ({
            headers: moveHeader(context.headers, event.from, event.to),
            ...EDITED,
          })),
        },
        save: [
          { guard: "saveable", target: "saving" },
          { actions: assign(({ context }) => ({ problem: assignmentProblem(assignmentOf(context)) })) },
        ],
      },
    },
    saving: {
      description: "The choice is being saved at the version read; the editor waits.",
      tags: ["busy"],
      entry: assign({ problem: null, notice: null }),
      invoke: {
        id: "saveSetup",
        src: "saveSetup",
        input: ({ context }) => ({
          projectSlug: context.projectSlug,
          slug: context.slug,
          assignment: assignmentOf(context),
        }),
        onDone: [
          {
            guard: "saved",
            target: "editing",
            actions: assign(({ event }) => {
              const out = savedOutcome(event);
              return out.type === "saved" ? { ...fromSetup(out.setup), notice: SETUP_SAVED } : {};
            }),
          },
          {
            guard: "conflict",
            target: "conflict",
            actions: assign(({ event }) => {
              const out = savedOutcome(event);
              return { problem: out.type === "saved" ? null : out.detail };
            }),
          },
          {
            target: "editing",
            actions: assign(({ event }) => {
              const out = savedOutcome(event);
              return { problem: out.type === "saved" ? null : out.detail };
            }),
          },
        ],
        onError: { target: "editing", actions: assign({ problem: SETUP_SAVE_FAILED }) },
      },
    },
    conflict: {
      description: "Someone else saved first: the user's choice stays shown, and Reload reads theirs.",
      on: { reload: "loading" },
    },
  },
});
