/**
 * The invoice and SKU data editing slider (spec 002 §2.10, §4, §5; 001 §4.2, §4.8, §5.4): the
 * invoices of one outlet, one at a time, each with its header answers, SKU rows and add-on rows.
 * While a retailer master request is pending the slider is blocked with the banner. Editing holds
 * only while the caller may edit (is_edit). The invoices are read first without their rows; each
 * invoice's rows are read when it opens. Save checks every problem at once with the screen's
 * rules (§5.3 headers, §5 SKU grid), sends the whole edited invoice, and moves to the next invoice;
 * saving the last one marks the slider complete. A new row is removed locally; a saved row is
 * deleted by call after the confirmation (Cancel, Delete). Its calls are actors provided at the edge.
 */
import { assign, type DoneActorEvent, fromPromise, sendTo, setup } from "xstate";
import {
  answersOfInvoice,
  headersOfInvoice,
  invoiceHeaderErrors,
  withHeaderValue,
} from "../../domain/invoices/invoiceHeaders";
import {
  type Draft,
  type DraftRow,
  draftRowsInput,
  type InvoiceSaveOutcome,
  type InvoiceSaveRequest,
  listedSkuOf,
  type SkuInvoice,
  type SkuRow,
  type SkuRowList,
  type SliderData,
  type SliderLoadOutcome,
  skuDataProblems,
} from "../../domain/invoices/invoiceSkus";
import { summaryOfInvoice } from "../../domain/invoices/invoices";
import { ROW_NOT_DELETED, type SkuRowOutcome, skuRowMachine } from "./skuRow";

/** The text fields of a row besides its SKU (an add-on row's product as recorded). */
export const ROW_TEXT_FIELDS = ["add_on_sku", "manufacturer", "brand", "variant", "sub_category"] as const;
export type RowTextField = (typeof ROW_TEXT_FIELDS)[number];

export type InvoiceSliderContext = {
  workflowObject: number;
  data: SliderData | null;
  /** The invoice shown, from 0. */
  index: number;
  /** The open invoice with its rows, as last read or saved. */
  invoice: SkuInvoice | null;
  draft: Draft | null;
  /** Every problem of the last Save, by dotted path ("simplifiedinvoiceskudata.0.sku", a header's name). */
  problems: Readonly<Record<string, string>>;
  /** The last refusal's or failure's message. */
  message: string | null;
  /** The saved row a delete is asked for. */
  removing: { list: SkuRowList; key: string } | null;
  /** How many new rows were added (a new row's key). */
  added: number;
};

export type InvoiceSliderEvent =
  | { type: "invoice.next" }
  | { type: "invoice.previous" }
  | { type: "header.change"; header: number; value: string }
  | { type: "row.add"; list: SkuRowList }
  | { type: "row.sku"; list: SkuRowList; key: string; sku: number | null; name: string }
  | { type: "row.text"; list: SkuRowList; key: string; field: RowTextField; value: string }
  | { type: "row.value"; list: SkuRowList; key: string; field: number; value: string }
  | { type: "row.remove"; list: SkuRowList; key: string }
  | { type: "remove.confirm" }
  | { type: "remove.cancel" }
  | { type: "save" }
  | { type: "reset" }
  | { type: "retry" };

/** The load failed outright (network, server error). */
export const SLIDER_NOT_LOADED = "The invoices could not be loaded. Try again.";
export const INVOICE_NOT_LOADED = "The invoice could not be loaded. Try again.";
/** A save or delete that failed outright. */
export const INVOICE_NOT_SAVED = "The invoice could not be saved. Try again.";
/** 002 §4: saving the last invoice marks the slider complete. */
export const SLIDER_COMPLETE = "All invoices of this outlet are saved.";

type Ctx = InvoiceSliderContext;
const output = <T>(event: unknown) => (event as DoneActorEvent<T>).output;

const draftRow = (row: SkuRow): DraftRow => ({
  key: `row-${row.id}`,
  id: row.id,
  sku: row.sku,
  sku_name: row.sku_name,
  sku_code: row.sku_code,
  add_on_sku: row.add_on_sku,
  manufacturer: row.manufacturer,
  brand: row.brand,
  variant: row.variant,
  sub_category: row.sub_category,
  values: Object.fromEntries(
    row.simplifiedinvoiceskudetails.map((d) => [d.sku_template_field, d.single_input]),
  ),
});

export const draftOf = (invoice: SkuInvoice): Draft => ({
  answers: answersOfInvoice(invoice),
  simplifiedinvoiceskudata: invoice.simplifiedinvoiceskudata.map(draftRow),
  simplifiedinvoiceaddonsku: invoice.simplifiedinvoiceaddonsku.map(draftRow),
});

/** Every problem of the draft: the §5.3 header messages by header name, the §5 SKU grid's by path. */
export function draftProblems(invoice: SkuInvoice, draft: Draft, data: SliderData): Record<string, string> {
  const problems: Record<string, string> = {};
  const headers = headersOfInvoice(invoice);
  for (const e of invoiceHeaderErrors(headers, draft.answers)) {
    const name = headers.find((h) => h.invoice_header === e.invoice_header)?.invoice_header_name ?? "";
    problems[name] ??= e.message;
  }
  Object.assign(problems, skuDataProblems(draftRowsInput(draft), data.fields, data.listed));
  return problems;
}

const problemsOf = (c: Ctx) => {
  const invoice = c.invoice;
  return invoice && c.draft && c.data ? draftProblems(invoice, c.draft, c.data) : {};
};

/** One row of the draft changed. */
const withRow = (
  draft: Draft,
  list: SkuRowList,
  key: string,
  change: (row: DraftRow) => DraftRow,
): Draft => ({
  ...draft,
  [list]: draft[list].map((r) => (r.key === key ? change(r) : r)),
});

/** The invoice's entry in the list replaced by the server's answer. */
const withInvoice = (c: Ctx, invoice: SkuInvoice): SliderData | null =>
  c.data && {
    ...c.data,
    invoices: c.data.invoices.map((i) => (i.id === invoice.id ? summaryOfInvoice(invoice) : i)),
  };

/** The invoice to open after a (re)load: the one shown before, or the last when fewer remain. */
const reopened = (c: Ctx, data: SliderData) => Math.max(0, Math.min(c.index, data.invoices.length - 1));

export const invoiceSliderMachine = setup({
  types: {} as { context: Ctx; events: InvoiceSliderEvent; input: { workflowObject: number } },
  actors: {
    loadSlider: fromPromise<SliderLoadOutcome, { workflowObject: number }>(async () => {
      throw new Error("loadSlider is provided by the application");
    }),
    loadInvoice: fromPromise<SkuInvoice, { invoice: number }>(async () => {
      throw new Error("loadInvoice is provided by the application");
    }),
    saveInvoice: fromPromise<InvoiceSaveOutcome, InvoiceSaveRequest>(async () => {
      throw new Error("saveInvoice is provided by the application");
    }),
    /** A saved row's delete: asked first, then called (the application provides its call). */
    skuRow: skuRowMachine,
  },
  actions: {
    /** Tells the outlet review that an invoice changed (QC Edit History, the lists read it again). */
    announceChanged: () => {},
    /** Another invoice is chosen: its rows are read before it shows. */
    choose: assign((_, params: { index: number }) => ({
      index: params.index,
      invoice: null,
      draft: null,
      problems: {},
      message: null,
      removing: null,
    })),
    opened: assign(({ event }) => {
      const invoice = output<SkuInvoice>(event);
      return { invoice, draft: draftOf(invoice) };
    }),
    /** Reset: the open invoice as last read or saved. */
    resetDraft: assign(({ context }) => ({
      draft: context.invoice && draftOf(context.invoice),
      problems: {},
      message: null,
      removing: null,
    })),
    changeHeader: assign(({ context, event }) => {
      if (event.type !== "header.change" || !context.draft) return {};
      const type =
        context.invoice?.simplifiedinvoiceheaderanswer.find((a) => a.invoice_header === event.header)
          ?.invoice_header_type ?? "";
      return {
        draft: {
          ...context.draft,
          answers: context.draft.answers.map((a) =>
            a.invoice_header === event.header ? withHeaderValue(a, type, event.value) : a,
          ),
        },
      };
    }),
    addRow: assign(({ context, event }) => {
      if (event.type !== "row.add" || !context.draft) return {};
      const added = context.added + 1;
      const row: DraftRow = {
        key: `new-${added}`,
        id: null,
        sku: null,
        sku_name: "",
        sku_code: null,
        add_on_sku: event.list === "simplifiedinvoiceaddonsku" ? "" : null,
        manufacturer: "",
        brand: "",
        variant: "",
        sub_category: "",
        values: {},
      };
      return { added, draft: { ...context.draft, [event.list]: [...context.draft[event.list], row] } };
    }),
    /** 001 §4.8: choosing a listed SKU sets its code; on an add-on row it clears the add-on. */
    chooseSku: assign(({ context, event }) => {
      if (event.type !== "row.sku" || !context.draft || !context.data) return {};
      const listed = listedSkuOf({ sku: event.sku, sku_name: event.name }, context.data.listed);
      return {
        draft: withRow(context.draft, event.list, event.key, (r) => ({
          ...r,
          sku: listed?.id ?? null,
          sku_name: listed?.name ?? event.name,
          sku_code: listed?.sku_code ?? null,
          add_on_sku: listed && r.add_on_sku !== null ? null : r.add_on_sku,
        })),
      };
    }),
    changeText: assign(({ context, event }) =>
      event.type !== "row.text" || !context.draft
        ? {}
        : {
            draft: withRow(context.draft, event.list, event.key, (r) => ({
              ...r,
              [event.field]: event.value,
            })),
          },
    ),
    changeValue: assign(({ context, event }) =>
      event.type !== "row.value" || !context.draft
        ? {}
        : {
            draft: withRow(context.draft, event.list, event.key, (r) => ({
              ...r,
              values: { ...r.values, [event.field]: event.value },
            })),
          },
    ),
    /** A new row goes without a call. */
    // A removed row moves the rows after it up: the problems, keyed by place, are shown again on Save.
    dropNewRow: assign(({ context, event }) =>
      event.type !== "row.remove" || !context.draft
        ? {}
        : {
            draft: {
              ...context.draft,
              [event.list]: context.draft[event.list].filter((r) => r.key !== event.key),
            },
            problems: {},
          },
    ),
    askRemove: assign(({ event }) =>
      event.type === "row.remove" ? { removing: { list: event.list, key: event.key } } : {},
    ),
    showProblems: assign(({ context }) => ({ problems: problemsOf(context), message: null })),
    /** The server's answer replaces the invoice; the rows being edited keep their unsaved changes. */
    rowDeleted: assign(({ context, event }) => {
      const out = output<SkuRowOutcome>(event);
      if (out.type !== "deleted" || !context.draft || !context.removing) return {};
      const { list, key } = context.removing;
      return {
        data: withInvoice(context, out.invoice),
        invoice: out.invoice,
        draft: { ...context.draft, [list]: context.draft[list].filter((r) => r.key !== key) },
        problems: {},
        removing: null,
        message: null,
      };
    }),
    refuse: assign(({ event }) => {
      const out = output<InvoiceSaveOutcome | SkuRowOutcome>(event);
      return out.type === "refused"
        ? { message: out.message, problems: "problems" in out ? out.problems : {}, removing: null }
        : {};
    }),
    saved: assign(({ context, event }) => {
      const out = output<InvoiceSaveOutcome>(event);
      return out.type === "ok" ? { data: withInvoice(context, out.invoice), invoice: out.invoice } : {};
    }),
  },
  guards: {
    mayEdit: ({ context }) => context.data?.isEdit === true,
    hasNext: ({ context }) => context.data !== null && context.index < context.data.invoices.length - 1,
    hasPrevious: ({ context }) => context.index > 0,
    loaded: ({ event }) => output<SliderLoadOutcome>(event).type === "ok",
    blocked: ({ event }) => {
      const out = output<SliderLoadOutcome>(event);
      return out.type === "ok" && out.data.pendingRequest;
    },
    empty: ({ event }) => {
      const out = output<SliderLoadOutcome>(event);
      return out.type === "ok" && out.data.invoices.length === 0;
    },
    newRow: ({ context, event }) =>
      event.type === "row.remove" &&
      context.data?.isEdit === true &&
      context.draft?.[event.list].some((r) => r.key === event.key && r.id === null) === true,
    savedRow: ({ context, event }) =>
      event.type === "row.remove" &&
      context.data?.isEdit === true &&
      context.draft?.[event.list].some((r) => r.key === event.key && r.id !== null) === true,
    valid: ({ context }) => Object.keys(problemsOf(context)).length === 0,
    accepted: ({ event }) => output<InvoiceSaveOutcome>(event).type === "ok",
    rowDeleted: ({ event }) => output<SkuRowOutcome>(event).type === "deleted",
    rowKept: ({ event }) => output<SkuRowOutcome>(event).type === "kept",
    savedLast: ({ context, event }) =>
      output<InvoiceSaveOutcome>(event).type === "ok" &&
      context.data !== null &&
      context.index >= context.data.invoices.length - 1,
  },
}).createMachine({
  id: "invoiceSlider",
  description: "The invoice and SKU data editing slider of one outlet (002 §2.10).",
  context: ({ input }) => ({
    workflowObject: input.workflowObject,
    data: null,
    index: 0,
    invoice: null,
    draft: null,
    problems: {},
    message: null,
    removing: null,
    added: 0,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "The outlet's invoices (without rows), the template fields and the SKU list are read.",
      tags: ["busy"],
      invoke: {
        id: "loadSlider",
        src: "loadSlider",
        input: ({ context }) => ({ workflowObject: context.workflowObject }),
        onDone: [
          {
            guard: "blocked",
            target: "blocked",
            actions: assign({ data: ({ event }) => (event.output.type === "ok" ? event.output.data : null) }),
          },
          {
            guard: "empty",
            target: "empty",
            actions: assign({ data: ({ event }) => (event.output.type === "ok" ? event.output.data : null) }),
          },
          {
            guard: "loaded",
            target: "opening",
            actions: [
              assign({ data: ({ event }) => (event.output.type === "ok" ? event.output.data : null) }),
              {
                type: "choose",
                params: ({ context }) => ({ index: context.data ? reopened(context, context.data) : 0 }),
              },
            ],
          },
          {
            target: "failed",
            actions: assign({
              message: ({ event }) =>
                event.output.type === "failed" ? event.output.message : SLIDER_NOT_LOADED,
            }),
          },
        ],
        onError: { target: "failed", actions: assign({ message: SLIDER_NOT_LOADED }) },
      },
    },
    opening: {
      description: "The chosen invoice's header answers, rows and images are read.",
      tags: ["busy"],
      invoke: {
        id: "loadInvoice",
        src: "loadInvoice",
        input: ({ context }) => ({ invoice: context.data!.invoices[context.index]!.id }),
        onDone: { target: "ready", actions: "opened" },
        onError: { target: "failed", actions: assign({ message: INVOICE_NOT_LOADED }) },
      },
    },
    failed: {
      description: "The invoices or the chosen invoice could not be read: the message and Try again.",
      on: { retry: "loading" },
    },
    blocked: {
      description:
        "A retailer master request is pending: the banner 'Please complete all pending retailer edits before proceeding.' and nothing to edit.",
    },
    empty: {
      description: "The outlet has no invoice to edit.",
    },
    ready: {
      description: "One invoice is shown with its headers, rows and images.",
      initial: "open",
      states: {
        open: {
          description: "The invoice can be edited (with edit permission): rows, cells and header values.",
          initial: "viewing",
          on: {
            "header.change": { guard: "mayEdit", target: ".editing", actions: "changeHeader" },
            "row.add": { guard: "mayEdit", target: ".editing", actions: "addRow" },
            "row.sku": { guard: "mayEdit", target: ".editing", actions: "chooseSku" },
            "row.text": { guard: "mayEdit", target: ".editing", actions: "changeText" },
            "row.value": { guard: "mayEdit", target: ".editing", actions: "changeValue" },
            "row.remove": [
              { guard: "newRow", target: ".editing", actions: "dropNewRow" },
              { guard: "savedRow", target: "removing", actions: "askRemove" },
            ],
            save: { guard: "mayEdit", target: "validating" },
            reset: { target: ".viewing", actions: "resetDraft" },
          },
          states: {
            viewing: {
              description: "The invoice as saved; Previous and Next move between invoices.",
              on: {
                "invoice.next": {
                  guard: "hasNext",
                  target: "#invoiceSlider.opening",
                  actions: { type: "choose", params: ({ context }) => ({ index: context.index + 1 }) },
                },
                "invoice.previous": {
                  guard: "hasPrevious",
                  target: "#invoiceSlider.opening",
                  actions: { type: "choose", params: ({ context }) => ({ index: context.index - 1 }) },
                },
              },
            },
            editing: {
              description: "The invoice has unsaved changes: Save checks and sends them, Reset drops them.",
            },
            invalid: {
              description: "Each problem shows under its header or cell; nothing was sent.",
            },
            refused: {
              description: "The server refused or the call failed: its message shows; the edits stay.",
            },
          },
        },
        validating: {
          description: "Every header and SKU grid rule is checked at once.",
          always: [
            { guard: "valid", target: "saving" },
            { target: "open.invalid", actions: "showProblems" },
          ],
        },
        saving: {
          description: "The whole edited invoice is sent at the version read.",
          tags: ["busy"],
          invoke: {
            id: "saveInvoice",
            src: "saveInvoice",
            input: ({ context }) => ({
              invoice: context.invoice!.id,
              version: context.invoice!.version,
              draft: context.draft!,
            }),
            onDone: [
              {
                guard: "savedLast",
                target: "#invoiceSlider.complete",
                actions: ["saved", "announceChanged"],
              },
              {
                guard: "accepted",
                target: "#invoiceSlider.opening",
                actions: [
                  "saved",
                  { type: "choose", params: ({ context }) => ({ index: context.index + 1 }) },
                  "announceChanged",
                ],
              },
              { target: "open.refused", actions: "refuse" },
            ],
            onError: {
              target: "open.refused",
              actions: assign({ message: INVOICE_NOT_SAVED, problems: {} }),
            },
          },
        },
        removing: {
          description:
            "A saved row's delete runs as the skuRow machine: 'Are you sure you want to delete this row?', then the call.",
          invoke: {
            id: "skuRow",
            src: "skuRow",
            input: ({ context }) => {
              const { list, key } = context.removing!;
              return {
                row: context.draft![list].find((r) => r.key === key)!.id!,
                version: context.invoice!.version,
              };
            },
            onDone: [
              { guard: "rowDeleted", target: "open.editing", actions: ["rowDeleted", "announceChanged"] },
              { guard: "rowKept", target: "open.editing", actions: assign({ removing: null }) },
              { target: "open.refused", actions: "refuse" },
            ],
            onError: {
              target: "open.refused",
              actions: assign({ message: ROW_NOT_DELETED, removing: null }),
            },
          },
          on: {
            "remove.cancel": { actions: sendTo("skuRow", { type: "remove.cancel" }) },
            "remove.confirm": { actions: sendTo("skuRow", { type: "remove.confirm" }) },
          },
        },
      },
    },
    complete: {
      description: "The last invoice was saved: the slider is complete; any invoice can be opened again.",
      entry: assign({ message: SLIDER_COMPLETE, problems: {} }),
      on: {
        "invoice.previous": {
          guard: "hasPrevious",
          target: "opening",
          actions: { type: "choose", params: ({ context }) => ({ index: context.index - 1 }) },
        },
      },
    },
  },
});
