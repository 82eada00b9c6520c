/** A modal dialog (spec 000 §2.5, §9): opens shown, closes on its close action or Escape unless noExit. */
import { setup } from "xstate";

export const MODAL_EXIT_MS = 400;

export type ModalEvent = { type: "modal.open" } | { type: "modal.close" } | { type: "modal.escape" };
export type ModalInput = { open?: boolean; noExit?: boolean };
export type ModalContext = { noExit: boolean; startsOpen: boolean };

export const modalMachine = setup({
  types: {} as { context: ModalContext; events: ModalEvent; input: ModalInput },
  delays: { modalExit: MODAL_EXIT_MS },
  guards: {
    escapeAllowed: ({ context }) => !context.noExit,
    startsOpen: ({ context }) => context.startsOpen,
  },
  actions: {
    closed: () => {},
  },
}).createMachine({
  id: "modal",
  description: "A dialog over the page, with its 400 ms exit animation.",
  context: ({ input }) => ({ noExit: input.noExit ?? false, startsOpen: input.open ?? true }),
  initial: "starting",
  states: {
    starting: {
      description: "A modal opens shown unless it is told to start closed.",
      always: [{ guard: "startsOpen", target: "open" }, { target: "closed" }],
    },
    open: {
      description: "Shown; focus stays inside until it closes.",
      on: {
        "modal.close": { target: "closing" },
        "modal.escape": { guard: "escapeAllowed", target: "closing" },
      },
    },
    closing: {
      description: "The exit animation plays for 400 ms.",
      after: { modalExit: { target: "closed", actions: "closed" } },
      on: { "modal.open": { target: "open" } },
    },
    closed: {
      description: "Not shown; focus has gone back to where it was before.",
      on: { "modal.open": { target: "open" } },
    },
  },
});
