/**
 * The Collected Bills group of Survey Details (spec 001 §2.2, §4.2, §4.8, §9): the outlet's
 * invoices, one tab each; the active tab's header form (an invoiceHeaderForm child) and its Edit
 * Invoice Header dialog (an invoiceNumberDialog child). A saved invoice moves the last saved index
 * (tabs up to it green, the active one blue, the rest grey) and opens the next invoice. The tab
 * strip scrolls in steps of 300 px. Add Invoice (002 §7 invoice create) asks a number and date
 * with the dialog's rule and adds the invoice as the next tab; while it is sent a second Save is
 * refused, and the request names the tab it becomes, so the server adds it once however often it
 * arrives. Reading the invoices is the `loadInvoices` actor, adding one `createInvoice`, and the two
 * children's calls are theirs, all provided at the edge. Whenever the invoices are read, one is
 * saved or one is added, `announcePending` tells how many are still pending (pendingInvoices, the
 * rule of total_no_of_invoice_pending): Survey Details marks the group done at none.
 */
import { assign, type DoneActorEvent, fromPromise, sendParent, sendTo, setup } from "xstate";
import {
  type CollectedInvoice,
  INVOICE_NOT_ADDED,
  type InvoiceCreateOutcome,
  type InvoiceCreateRequest,
  type InvoiceNumberDate,
  invoiceAddedMessage,
  invoiceNumberDateErrors,
  tabScrollAfter,
} from "../../domain/invoices/invoiceHeaders";
import { pendingInvoices } from "../../domain/invoices/invoices";
import {
  type InvoiceHeaderFormInput,
  type InvoiceSavedEvent,
  type InvoiceVerifiedEvent,
  invoiceHeaderFormMachine,
} from "./invoiceHeaderForm";
import { type InvoiceNumberDialogOutput, invoiceNumberDialogMachine } from "./invoiceNumberDialog";
import { invoiceSliderMachine } from "./invoiceSlider";
import { skuExportMachine } from "./skuExport";

export type { CollectedInvoice, InvoiceCreateOutcome, InvoiceCreateRequest };

export type CollectedBillsInput = {
  workflowObject: number;
  /** §4.2: invoice editing (header values, the number and date) only while edit permission holds. */
  mayEdit: boolean;
  /** §4.4: a retailer request is pending. */
  pendingRequest: boolean;
  /** The latest Invoice Date the dialog allows (today, YYYY-MM-DD). */
  maxDate: string;
};

export type InvoicesOutcome = { type: "ok"; invoices: readonly CollectedInvoice[] };

export type CollectedBillsContext = CollectedBillsInput & {
  invoices: readonly CollectedInvoice[];
  active: number;
  /** The highest tab index saved on this screen; -1 before any. */
  lastSaved: number;
  /** The tab strip's scroll offset and how far it can scroll (measured by the screen), in px. */
  scroll: number;
  overflow: number;
  /** Add Invoice's number and date as typed, their messages and the server's refusal. */
  adding: InvoiceNumberDate;
  addErrors: Partial<Record<keyof InvoiceNumberDate, string>>;
  addError: string | null;
};

export type CollectedBillsEvent =
  | { type: "tab.select"; index: number }
  | { type: "tabs.scroll"; direction: "left" | "right" }
  | { type: "tabs.measure"; overflow: number }
  | { type: "number.edit" }
  /** The New SKU Data tab: the invoice and SKU data editing slider (002 §2.10) opens, or closes. */
  | { type: "slider.open" }
  | { type: "slider.close" }
  | { type: "requests.change"; pending: boolean }
  | { type: "retry" }
  | { type: "add.open" }
  | { type: "add.number"; value: string }
  | { type: "add.date"; value: string }
  | { type: "add.save" }
  | { type: "add.cancel" }
  | InvoiceSavedEvent
  | InvoiceVerifiedEvent;

/** Survey Details learns how many of the outlet's invoices are pending (001 §3). */
export type BillsPendingEvent = { type: "bills.pending"; pending: number };

type Ctx = CollectedBillsContext;
/** Tells the parent how many invoices are pending now. */
const reportPending = {
  type: "announcePending",
  params: ({ context }: { context: Ctx }) => ({ pending: pendingInvoices(context.invoices) }),
} as const;
const renamedTo = (event: unknown) =>
  (event as DoneActorEvent<Extract<InvoiceNumberDialogOutput, { type: "saved" }>>).output;
const output = <T>(event: unknown) => (event as DoneActorEvent<T>).output;

const addCleared = { adding: { invoice_no: "", invoice_date: "" }, addErrors: {}, addError: null };
const addErrorsOf = (c: Ctx) => invoiceNumberDateErrors(c.adding, c.maxDate);
const created = (event: unknown) =>
  (output<InvoiceCreateOutcome>(event) as Extract<InvoiceCreateOutcome, { type: "ok" }>).invoice;

/**
 * Add Invoice, the same from an invoice's tab and from an outlet without invoices: the number and
 * date are typed, Save checks them with the dialog's rule (§4.8) and sends them; the added invoice
 * opens as the last tab. Its `viewing` is the parent's own.
 */
const addingState = {
  description: "The Add Invoice dialog: the new invoice's number and date.",
  initial: "editing",
  on: { "add.cancel": { target: "viewing", actions: "clearAdd" } },
  states: {
    editing: {
      description: "Invoice Number and Invoice Date are typed; their messages show under them.",
      on: {
        "add.number": { actions: "typeNumber" },
        "add.date": { actions: "typeDate" },
        "add.save": [{ guard: "addValid", target: "creating" }, { actions: "showAddErrors" }],
      },
    },
    creating: {
      tags: ["busy"],
      description:
        "The invoice is being added; Save and Cancel wait for the answer, so a second click adds nothing.",
      on: { "add.cancel": {} },
      invoke: {
        id: "createInvoice",
        src: "createInvoice",
        input: ({ context }: { context: Ctx }): InvoiceCreateRequest => ({
          workflowObject: context.workflowObject,
          position: context.invoices.length + 1,
          invoice_no: context.adding.invoice_no.trim(),
          invoice_date: context.adding.invoice_date,
        }),
        onDone: [
          {
            guard: "added",
            target: "#collectedBills.invoice",
            actions: [
              "openAdded",
              reportPending,
              {
                type: "notifyAdded",
                params: ({ event }: { event: unknown }) => ({
                  text: invoiceAddedMessage(created(event).invoice_no),
                }),
              },
            ],
          },
          { target: "editing", actions: "showAddRefusal" },
        ],
        onError: { target: "editing", actions: "showAddFailure" },
      },
    },
  },
} as const;

/** The active invoice's header form, as its child starts. */
export const headerFormInput = (c: Ctx): InvoiceHeaderFormInput => {
  const invoice = c.invoices[c.active]!;
  return {
    invoice: invoice.id,
    version: invoice.version,
    headers: invoice.headers,
    answers: invoice.answers,
    mayEdit: c.mayEdit,
    pendingRequest: c.pendingRequest,
  };
};

/** The header form tells Collected Bills of a save. */
export const headerForm = invoiceHeaderFormMachine.provide({
  actions: {
    announceVerified: sendParent(
      (_, params: Omit<InvoiceVerifiedEvent, "type">): InvoiceVerifiedEvent => ({
        type: "invoice.verified",
        ...params,
      }),
    ),
    announceSaved: sendParent(
      (_, params: Omit<InvoiceSavedEvent, "type">): InvoiceSavedEvent => ({
        type: "invoice.saved",
        ...params,
      }),
    ),
  },
});

export const collectedBillsMachine = setup({
  types: {} as {
    context: Ctx;
    events: CollectedBillsEvent;
    input: CollectedBillsInput;
    children: {
      headerForm: "headerForm";
      numberDialog: "numberDialog";
      skuSlider: "skuSlider";
      skuExport: "skuExport";
    };
  },
  actors: {
    headerForm,
    numberDialog: invoiceNumberDialogMachine,
    skuSlider: invoiceSliderMachine,
    skuExport: skuExportMachine,
    loadInvoices: fromPromise<InvoicesOutcome, { workflowObject: number }>(async () => {
      throw new Error("loadInvoices is provided by the application");
    }),
    createInvoice: fromPromise<InvoiceCreateOutcome, InvoiceCreateRequest>(async () => {
      throw new Error("createInvoice is provided by the application");
    }),
  },
  actions: {
    notifyAdded: (_, _params: { text: string }) => {},
    /** Survey Details provides it (billsInSurvey); alone the count goes nowhere. */
    announcePending: (_, _params: { pending: number }) => {},
    clearAdd: assign(addCleared),
    typeNumber: assign(({ context, event }) =>
      event.type === "add.number"
        ? { adding: { ...context.adding, invoice_no: event.value }, addErrors: {}, addError: null }
        : {},
    ),
    typeDate: assign(({ context, event }) =>
      event.type === "add.date"
        ? { adding: { ...context.adding, invoice_date: event.value }, addErrors: {}, addError: null }
        : {},
    ),
    showAddErrors: assign({ addErrors: ({ context }) => addErrorsOf(context) }),
    openAdded: assign(({ context, event }) => ({
      ...addCleared,
      invoices: [...context.invoices, created(event)],
      active: context.invoices.length,
    })),
    showAddRefusal: assign({
      addError: ({ event }) =>
        (output<InvoiceCreateOutcome>(event) as Extract<InvoiceCreateOutcome, { type: "failed" }>).message,
    }),
    showAddFailure: assign({ addError: INVOICE_NOT_ADDED }),
  },
  guards: {
    hasInvoices: ({ event }) => output<InvoicesOutcome>(event).invoices.length > 0,
    otherTab: ({ context, event }) =>
      event.type === "tab.select" &&
      event.index !== context.active &&
      event.index >= 0 &&
      event.index < context.invoices.length,
    mayEdit: ({ context }) => context.mayEdit,
    renamed: ({ event }) => output<InvoiceNumberDialogOutput>(event).type === "saved",
    addValid: ({ context }) => Object.keys(addErrorsOf(context)).length === 0,
    added: ({ event }) => output<InvoiceCreateOutcome>(event).type === "ok",
  },
}).createMachine({
  id: "collectedBills",
  description: "Collected Bills: a tab per invoice, the active invoice's headers and its number and date.",
  context: ({ input }) => ({
    ...input,
    invoices: [],
    active: 0,
    lastSaved: -1,
    scroll: 0,
    overflow: 0,
    ...addCleared,
  }),
  initial: "loading",
  on: {
    // Survey Details read the retailer requests again: what is started next knows it (§4.4).
    "requests.change": { actions: assign({ pendingRequest: ({ event }) => event.pending }) },
    "tabs.measure": {
      actions: assign(({ context, event }) => ({
        overflow: Math.max(event.overflow, 0),
        scroll: Math.min(context.scroll, Math.max(event.overflow, 0)),
      })),
    },
    "tabs.scroll": {
      actions: assign({
        scroll: ({ context, event }) => tabScrollAfter(context.scroll, event.direction, context.overflow),
      }),
    },
  },
  states: {
    loading: {
      tags: ["busy"],
      description: "Reading the outlet's invoices with their headers and answers.",
      invoke: {
        id: "loadInvoices",
        src: "loadInvoices",
        input: ({ context }) => ({ workflowObject: context.workflowObject }),
        onDone: [
          {
            guard: "hasInvoices",
            target: "invoice",
            actions: [
              assign({ invoices: ({ event }) => output<InvoicesOutcome>(event).invoices, active: 0 }),
              reportPending,
            ],
          },
          { target: "noInvoices", actions: reportPending },
        ],
        onError: { target: "failed" },
      },
    },
    invoice: {
      description: "The active invoice's tab: its header form, and its number and date.",
      invoke: { id: "headerForm", src: "headerForm", input: ({ context }) => headerFormInput(context) },
      initial: "viewing",
      on: {
        "tab.select": {
          guard: "otherTab",
          target: "invoice",
          reenter: true,
          actions: assign({ active: ({ event }) => event.index }),
        },
        // §2.2: the saved invoice is green from now on and the next one opens (the last stays open);
        // the server completed it (no longer pending).
        "invoice.saved": {
          target: "invoice",
          reenter: true,
          actions: [
            assign(({ context, event }) => ({
              invoices: context.invoices.map((i) =>
                i.id === event.invoice
                  ? { ...i, version: event.version, answers: event.answers, is_complete: true }
                  : i,
              ),
              lastSaved: Math.max(context.lastSaved, context.active),
              active: Math.min(context.active + 1, context.invoices.length - 1),
            })),
            reportPending,
          ],
        },
        // A header's lookup was recorded: the tab keeps its answer and the invoice's new version.
        "invoice.verified": {
          actions: assign({
            invoices: ({ context, event }) =>
              context.invoices.map((i) =>
                i.id === event.invoice
                  ? {
                      ...i,
                      version: event.version,
                      answers: i.answers.map((a) =>
                        a.invoice_header === event.answer.invoice_header ? event.answer : a,
                      ),
                    }
                  : i,
              ),
          }),
        },
        "requests.change": {
          actions: [
            assign({ pendingRequest: ({ event }) => event.pending }),
            sendTo("headerForm", ({ event }) => event),
          ],
        },
      },
      states: {
        viewing: {
          description: "The headers are shown; the pencil opens the Edit Invoice Header dialog.",
          on: {
            "number.edit": { guard: "mayEdit", target: "numberDialog" },
            "add.open": { guard: "mayEdit", target: "adding" },
            "slider.open": {
              target: "#collectedBills.sliding",
              // The slider may change any invoice: closing it reads them afresh, so nothing of the tabs is kept.
              actions: assign({
                invoices: [],
                active: 0,
                lastSaved: -1,
                scroll: 0,
                overflow: 0,
                ...addCleared,
              }),
            },
          },
        },
        adding: addingState,
        numberDialog: {
          description: "The Edit Invoice Header dialog is open over the invoice.",
          invoke: {
            id: "numberDialog",
            src: "numberDialog",
            input: ({ context }) => {
              const invoice = context.invoices[context.active]!;
              return {
                invoice: invoice.id,
                version: invoice.version,
                invoice_no: invoice.invoice_no,
                invoice_date: invoice.invoice_date,
                maxDate: context.maxDate,
              };
            },
            onDone: [
              {
                guard: "renamed",
                target: "viewing",
                actions: [
                  assign(({ context, event }) => {
                    const o = renamedTo(event);
                    return {
                      invoices: context.invoices.map((i, n) =>
                        n === context.active
                          ? {
                              ...i,
                              version: o.version,
                              invoice_no: o.invoice_no,
                              invoice_date: o.invoice_date,
                            }
                          : i,
                      ),
                    };
                  }),
                  // The open header form saves at the invoice's new version.
                  sendTo("headerForm", ({ event }) => ({
                    type: "version.change",
                    version: renamedTo(event).version,
                  })),
                ],
              },
              { target: "viewing" },
            ],
          },
        },
      },
    },
    sliding: {
      description:
        "The New SKU Data tab: the invoice and SKU data editing slider over the outlet's invoices; closing it reads them again.",
      invoke: [
        {
          id: "skuSlider",
          src: "skuSlider",
          input: ({ context }) => ({ workflowObject: context.workflowObject }),
        },
        {
          id: "skuExport",
          src: "skuExport",
          input: ({ context }) => ({ workflowObject: context.workflowObject }),
        },
      ],
      on: { "slider.close": { target: "loading" } },
    },
    noInvoices: {
      description: "The outlet has no collected invoices: No invoice details found.",
      initial: "viewing",
      states: {
        viewing: {
          description: "No invoice details found; with edit permission Add Invoice is offered.",
          on: { "add.open": { guard: "mayEdit", target: "adding" } },
        },
        adding: addingState,
      },
    },
    failed: {
      description: "The invoices could not be read; Retry reads them again.",
      on: { retry: { target: "loading" } },
    },
  },
});

/** Survey Details' slider hears the pending count (a standalone Collected Bills has no parent to tell). */
export const announcePendingToSurvey = sendParent<
  CollectedBillsContext,
  CollectedBillsEvent,
  { pending: number },
  BillsPendingEvent,
  CollectedBillsEvent
>((_, { pending }) => ({ type: "bills.pending", pending }));

/** Collected Bills as Survey Details runs it: the pending count goes to the survey's slider. */
export const billsInSurvey = collectedBillsMachine.provide({
  actions: { announcePending: announcePendingToSurvey },
});
