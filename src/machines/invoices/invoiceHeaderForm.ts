/**
 * One invoice's header form in the Collected Bills group (spec 001 §4.2, §4.4, §4.8, §5.3, §7, §8):
 * header values are edited only while edit permission holds; changing a GST or PAN header clears
 * its verified mark and names, and its lookup (the `verify` actor, provided at the edge: the
 * invoice header lookup of the identity verification service) verifies the value shown again, once
 * it has its §5.3 format, and records it on the invoice (the invoice's version moves on). Save checks every §5.3 message at once (headers hidden by their
 * show-logic are not checked), is refused with the banner while a retailer request is pending,
 * then updates the invoice result: "Invoice Header saved  Successfully.", or, failing, nothing
 * shown. Whoever runs the form hears of a save (announceSaved).
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import {
  type HeaderAnswer,
  type HeaderLookupOutcome,
  type HeaderLookupRequest,
  type HeaderSaveOutcome,
  type HeaderSaveRequest,
  headerLookupFormatError,
  INVOICE_HEADER_SAVED,
  type InvoiceHeader,
  type InvoiceHeaderError,
  invoiceHeaderErrors,
  isVerifiableHeader,
  withHeaderLookup,
  withHeaderValue,
} from "../../domain/invoices/invoiceHeaders";

export type { HeaderLookupOutcome, HeaderLookupRequest, HeaderSaveOutcome, HeaderSaveRequest };

export type InvoiceHeaderFormInput = {
  invoice: number;
  version: number;
  headers: readonly InvoiceHeader[];
  answers: readonly HeaderAnswer[];
  /** §4.2: the edit permission holds. */
  mayEdit: boolean;
  /** §4.4: a retailer request is pending, so every save is refused with the banner. */
  pendingRequest: boolean;
};

export type InvoiceHeaderFormContext = InvoiceHeaderFormInput & {
  errors: readonly InvoiceHeaderError[];
  /** The header whose lookup runs, and the last lookup's message for it. */
  lookupHeader: number | null;
  lookupMessage: string | null;
};

export type InvoiceHeaderFormEvent =
  | { type: "header.change"; header: number; value: string }
  | { type: "header.lookup"; header: number }
  | { type: "save" }
  | { type: "requests.change"; pending: boolean }
  /** The number and date were saved meanwhile: the invoice's version moved on. */
  | { type: "version.change"; version: number };

/** The parent hears of a lookup: the header's answer as recorded, at the invoice's new version. */
export type InvoiceVerifiedEvent = {
  type: "invoice.verified";
  invoice: number;
  version: number;
  answer: HeaderAnswer;
};

/** The parent hears of a save with the invoice's answers as saved. */
export type InvoiceSavedEvent = {
  type: "invoice.saved";
  invoice: number;
  version: number;
  answers: readonly HeaderAnswer[];
};

type Ctx = InvoiceHeaderFormContext;
const output = <T>(event: unknown) => (event as DoneActorEvent<T>).output;
const typeOf = (c: Ctx, header: number) =>
  c.headers.find((h) => h.invoice_header === header)?.invoice_header_type ?? "";
const answerOf = (c: Ctx, header: number) => c.answers.find((a) => a.invoice_header === header);
const errorsOf = (c: Ctx) => invoiceHeaderErrors(c.headers, c.answers);
const lookedUpValue = (c: Ctx, header: number) => (answerOf(c, header)?.single_input ?? "").trim();
/** §5.3: the format message a lookup's value gets before the service is asked. */
const lookupFormatOf = (c: Ctx, header: number) =>
  headerLookupFormatError(typeOf(c, header), lookedUpValue(c, header));

/** The form's events, the same whatever the last Save ended in. */
const formEvents = {
  "header.change": { guard: "mayChange", target: ".editing", actions: "changeHeader" },
  "header.lookup": [
    { guard: "lookupMalformed", target: ".editing", actions: "refuseLookupFormat" },
    { guard: "mayLookUp", target: "lookingUp", actions: "chooseLookup" },
  ],
  save: { guard: "mayEdit", target: "validating" },
} as const;

export const invoiceHeaderFormMachine = setup({
  types: {} as { context: Ctx; events: InvoiceHeaderFormEvent; input: InvoiceHeaderFormInput },
  actors: {
    saveHeaders: fromPromise<HeaderSaveOutcome, HeaderSaveRequest>(async () => {
      throw new Error("saveHeaders is provided by the application");
    }),
    /** The invoice header lookup: the identity verification service's GST or PAN check, recorded on the invoice. */
    verify: fromPromise<HeaderLookupOutcome, HeaderLookupRequest>(async () => {
      throw new Error("verify is provided by the application");
    }),
  },
  actions: {
    /** §4.8: the new value; a GST or PAN header loses its verified mark and names. */
    changeHeader: assign(({ context, event }) =>
      event.type !== "header.change"
        ? {}
        : {
            answers: context.answers.map((a) =>
              a.invoice_header === event.header
                ? withHeaderValue(a, typeOf(context, event.header), event.value)
                : a,
            ),
            lookupMessage: null,
          },
    ),
    chooseLookup: assign({
      lookupHeader: ({ event }) => (event.type === "header.lookup" ? event.header : null),
      lookupMessage: null,
    }),
    /** §5.3: the value is not a GST or PAN number: its message shows and no lookup is asked. */
    refuseLookupFormat: assign(({ context, event }) =>
      event.type !== "header.lookup"
        ? {}
        : { lookupHeader: event.header, lookupMessage: lookupFormatOf(context, event.header) },
    ),
    /** Tells whoever runs the form (collectedBills) of a lookup recorded on the invoice. */
    announceVerified: (_, _params: Omit<InvoiceVerifiedEvent, "type">) => {},
    notifySaved: (_, _params: { text: string }) => {},
    /** Tells whoever runs the form (collectedBills) of a save. */
    announceSaved: (_, _params: Omit<InvoiceSavedEvent, "type">) => {},
    notifyLookup: (_, _params: { ok: boolean; text: string }) => {},
  },
  guards: {
    mayEdit: ({ context }) => context.mayEdit,
    mayChange: ({ context, event }) =>
      context.mayEdit && event.type === "header.change" && answerOf(context, event.header) !== undefined,
    mayLookUp: ({ context, event }) =>
      context.mayEdit &&
      event.type === "header.lookup" &&
      isVerifiableHeader(typeOf(context, event.header)) &&
      lookedUpValue(context, event.header) !== "",
    lookupMalformed: ({ context, event }) =>
      context.mayEdit &&
      event.type === "header.lookup" &&
      lookedUpValue(context, event.header) !== "" &&
      lookupFormatOf(context, event.header) !== null,
    pending: ({ context }) => context.pendingRequest,
    valid: ({ context }) => errorsOf(context).length === 0,
    savedOk: ({ event }) => output<HeaderSaveOutcome>(event).type === "ok",
    found: ({ event }) => output<HeaderLookupOutcome>(event).ok,
  },
}).createMachine({
  id: "invoiceHeaderForm",
  description: "One invoice's headers: edited, checked, looked up and saved.",
  context: ({ input }) => ({ ...input, errors: [], lookupHeader: null, lookupMessage: null }),
  initial: "form",
  on: {
    // The screen read the retailer requests again: Save follows what it now knows (§4.4).
    "requests.change": { actions: assign({ pendingRequest: ({ event }) => event.pending }) },
    "version.change": { actions: assign({ version: ({ event }) => event.version }) },
  },
  states: {
    form: {
      description: "The headers shown by their show-logic; changed only while edit permission holds.",
      initial: "editing",
      on: formEvents,
      states: {
        editing: {
          description: "The headers are edited; the last Save's messages stay under their headers.",
        },
        invalid: {
          description: "Save found problems: every §5.3 message shows at once, each under its header.",
        },
        refused: {
          description:
            "A retailer request is pending: the banner asks to complete it first; nothing was saved.",
        },
        saved: { description: 'Saved: "Invoice Header saved  Successfully." was shown.' },
        failed: {
          description: "The save failed or the server refused it; nothing is shown, the edits stay.",
        },
      },
    },
    validating: {
      description:
        "Save was pressed: a pending retailer request refuses it, then every §5.3 message is checked.",
      always: [
        { guard: "pending", target: "form.refused" },
        { guard: "valid", target: "saving", actions: assign({ errors: [] }) },
        { target: "form.invalid", actions: assign({ errors: ({ context }) => errorsOf(context) }) },
      ],
    },
    lookingUp: {
      tags: ["busy"],
      description:
        "A GST or PAN header's value is looked up and recorded on the invoice; a pass verifies it and fills its names.",
      invoke: {
        id: "verify",
        src: "verify",
        input: ({ context }) => {
          const header = context.lookupHeader ?? 0;
          return {
            invoice: context.invoice,
            version: context.version,
            header,
            value: lookedUpValue(context, header),
          } satisfies HeaderLookupRequest;
        },
        onDone: [
          {
            guard: "found",
            target: "form.editing",
            actions: [
              assign(({ context, event }) => {
                const o = output<Extract<HeaderLookupOutcome, { ok: true }>>(event);
                const header = context.lookupHeader ?? 0;
                const value = lookedUpValue(context, header);
                return {
                  version: o.version,
                  answers: context.answers.map((a) =>
                    a.invoice_header === header
                      ? withHeaderLookup({ ...a, single_input: value }, typeOf(context, header), o.names)
                      : a,
                  ),
                  lookupMessage: o.message,
                };
              }),
              {
                type: "notifyLookup",
                params: ({ event }) => ({ ok: true, text: output<HeaderLookupOutcome>(event).message }),
              },
              {
                type: "announceVerified",
                params: ({ context }) => ({
                  invoice: context.invoice,
                  version: context.version,
                  answer: answerOf(context, context.lookupHeader ?? 0)!,
                }),
              },
            ],
          },
          {
            target: "form.editing",
            actions: [
              assign({ lookupMessage: ({ event }) => output<HeaderLookupOutcome>(event).message }),
              {
                type: "notifyLookup",
                params: ({ event }) => ({ ok: false, text: output<HeaderLookupOutcome>(event).message }),
              },
            ],
          },
        ],
        onError: { target: "form.editing" },
      },
    },
    saving: {
      tags: ["busy"],
      description: "The invoice result is updated with the edited headers.",
      invoke: {
        id: "saveHeaders",
        src: "saveHeaders",
        input: ({ context }) => ({
          invoice: context.invoice,
          version: context.version,
          answers: context.answers,
        }),
        onDone: [
          {
            guard: "savedOk",
            target: "form.saved",
            actions: [
              assign({
                version: ({ event }) => (output<HeaderSaveOutcome>(event) as { version: number }).version,
              }),
              { type: "notifySaved", params: { text: INVOICE_HEADER_SAVED } },
              {
                type: "announceSaved",
                params: ({ context }) => ({
                  invoice: context.invoice,
                  version: context.version,
                  answers: context.answers,
                }),
              },
            ],
          },
          { target: "form.failed" },
        ],
        onError: { target: "form.failed" },
      },
    },
  },
});
