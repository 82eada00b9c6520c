/**
 * The Edit Invoice Header dialog (spec 001 §4.8; 002 §7, §8): the invoice's number and date are
 * edited; Save refuses an empty number and a date after the maximum, then sends the number and date
 * (PATCH by invoice id). Success says "Invoice number and date saved successfully." and closes with
 * the new values; a failure shows the error and restores the old number. Cancel closes unchanged.
 * The call is the `saveNumberDate` actor, provided at the edge.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import {
  INVOICE_NUMBER_SAVED,
  type InvoiceNumberDate,
  invoiceNumberDateErrors,
  type NumberDateOutcome,
  type NumberDateRequest,
} from "../../domain/invoices/invoiceHeaders";

export type { NumberDateOutcome, NumberDateRequest };

export type InvoiceNumberDialogInput = {
  invoice: number;
  /** The invoice's version as read: the PATCH is made at it. */
  version: number;
  invoice_no: string;
  invoice_date: string;
  /** The latest Invoice Date allowed (YYYY-MM-DD), today at the edge. */
  maxDate: string;
};

export type InvoiceNumberDialogContext = InvoiceNumberDialogInput & {
  /** The number and date as saved on the server: what a failure restores. */
  saved: InvoiceNumberDate;
  errors: Partial<Record<keyof InvoiceNumberDate, string>>;
  /** The server's error after a failed save, shown until the next change. */
  serverError: string | null;
};

export type InvoiceNumberDialogOutput =
  | { type: "saved"; version: number; invoice_no: string; invoice_date: string }
  | { type: "cancelled" };

export type InvoiceNumberDialogEvent =
  | { type: "number.change"; value: string }
  | { type: "date.change"; value: string }
  | { type: "save" }
  | { type: "cancel" };

/** The failure text when the call itself fails (network, server error). */
export const NUMBER_DATE_NOT_SAVED = "The invoice number and date could not be saved. Try again.";

type Ctx = InvoiceNumberDialogContext;
const outcome = (event: unknown) => (event as DoneActorEvent<NumberDateOutcome>).output;
const errorsOf = (c: Ctx) => invoiceNumberDateErrors(c, c.maxDate);
/** A failure: the message is shown and the number and date go back to what the server holds. */
const restore = (c: Ctx, message: string) => ({
  serverError: message,
  invoice_no: c.saved.invoice_no,
  invoice_date: c.saved.invoice_date,
});

export const invoiceNumberDialogMachine = setup({
  types: {} as {
    context: Ctx;
    events: InvoiceNumberDialogEvent;
    input: InvoiceNumberDialogInput;
    output: InvoiceNumberDialogOutput;
  },
  actors: {
    saveNumberDate: fromPromise<NumberDateOutcome, NumberDateRequest>(async () => {
      throw new Error("saveNumberDate is provided by the application");
    }),
  },
  actions: {
    notifySaved: (_, _params: { text: string }) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
    savedOk: ({ event }) => outcome(event).type === "ok",
  },
}).createMachine({
  id: "invoiceNumberDialog",
  description: "The Edit Invoice Header dialog: the invoice's number and date.",
  context: ({ input }) => ({
    ...input,
    saved: { invoice_no: input.invoice_no, invoice_date: input.invoice_date },
    errors: {},
    serverError: null,
  }),
  initial: "editing",
  output: ({ context }) =>
    context.serverError === null &&
    (context.invoice_no !== context.saved.invoice_no || context.invoice_date !== context.saved.invoice_date)
      ? {
          type: "saved",
          version: context.version,
          invoice_no: context.invoice_no.trim(),
          invoice_date: context.invoice_date,
        }
      : { type: "cancelled" },
  states: {
    editing: {
      description: "Invoice Number and Invoice Date are edited; their messages show under them.",
      on: {
        "number.change": {
          actions: assign(({ event }) => ({ invoice_no: event.value, errors: {}, serverError: null })),
        },
        "date.change": {
          actions: assign(({ event }) => ({ invoice_date: event.value, errors: {}, serverError: null })),
        },
        save: [
          { guard: "valid", target: "saving" },
          { actions: assign({ errors: ({ context }) => errorsOf(context) }) },
        ],
        cancel: {
          target: "closed",
          actions: assign(({ context }) => ({ ...restore(context, ""), serverError: null })),
        },
      },
    },
    saving: {
      tags: ["busy"],
      description: "The number and date are being saved; Save shows it is busy.",
      invoke: {
        id: "saveNumberDate",
        src: "saveNumberDate",
        input: ({ context }) => ({
          invoice: context.invoice,
          version: context.version,
          invoice_no: context.invoice_no.trim(),
          invoice_date: context.invoice_date,
        }),
        onDone: [
          {
            guard: "savedOk",
            target: "closed",
            actions: [
              assign({ version: ({ event }) => (outcome(event) as { version: number }).version }),
              { type: "notifySaved", params: { text: INVOICE_NUMBER_SAVED } },
            ],
          },
          {
            target: "editing",
            actions: assign(({ context, event }) =>
              restore(context, (outcome(event) as Extract<NumberDateOutcome, { type: "failed" }>).message),
            ),
          },
        ],
        onError: {
          target: "editing",
          actions: assign(({ context }) => restore(context, NUMBER_DATE_NOT_SAVED)),
        },
      },
    },
    closed: {
      type: "final",
      description: "The dialog closed: saved with the new number and date, or cancelled unchanged.",
    },
  },
});
