/**
 * Payout Details (spec 001 §2.3, §4.6, §9): an outlet's payout list with its three filters, search,
 * ordering and pages of 15, and the latest transaction details. Page, size, order and search are the
 * data table's, a child machine that reports its view here. A plotted row's Update Status opens
 * the Payment Confirmation (the bulk status update machine under the title 'Add transaction details
 * below'); once a payment is recorded the list and the outlet reload. A paid row with an invoice
 * downloads it.
 */
import { assign, type DoneActorEvent, fromPromise, sendParent, sendTo, setup } from "xstate";
import type { ActionsConfigResponse } from "../../domain/outlets/actionsConfig";
import {
  awaitsPayment,
  PAYOUT_PAGE_SIZE,
  type PayoutFilterKey,
  type PayoutFilterOptions,
  type PayoutOrdering,
  type PayoutRow,
  payoutOrdering,
  type TransactionDetails,
} from "../../domain/payouts/payouts";
import type { TableQuery } from "../../domain/shared/table";
import { dataTableMachine, type TableView } from "../shared/dataTable";

export type PayoutFilters = Readonly<Record<PayoutFilterKey, readonly string[]>>;
export const NO_PAYOUT_FILTERS: PayoutFilters = { program: [], client_payout_month: [], rs_payout_month: [] };

export type PayoutListRequest = {
  slug: string;
  filters: PayoutFilters;
  search: string;
  ordering: PayoutOrdering | null;
  page: number;
  pageSize: number;
};

export type PayoutsLoaded = {
  rows: readonly PayoutRow[];
  count: number;
  options: PayoutFilterOptions;
  transaction: TransactionDetails | null;
  config: ActionsConfigResponse;
};

export type PayoutDetailsInput = { slug: string };

export type PayoutDetailsEvent =
  | { type: "filter.set"; key: PayoutFilterKey; values: readonly string[] }
  | { type: "table.changed"; view: TableView }
  | { type: "payment.open"; id: number }
  | { type: "payment.recorded" }
  | { type: "payment.close" }
  | { type: "invoice.download"; id: number }
  | { type: "retry" };

export type PayoutDetailsContext = PayoutDetailsInput & {
  filters: PayoutFilters;
  /** The table's page, size, order and search, as it last reported them. */
  view: TableQuery;
  rows: readonly PayoutRow[];
  count: number;
  options: PayoutFilterOptions | null;
  transaction: TransactionDetails | null;
  config: ActionsConfigResponse | null;
  /** The plotted row whose Payment Confirmation is open. */
  confirming: PayoutRow | null;
  /** Set once the open Payment Confirmation recorded a payment. */
  recorded: boolean;
  /** The paid row whose invoice is being downloaded. */
  downloading: PayoutRow | null;
};

export const INVOICE_DOWNLOAD_FAILED = "The invoice could not be downloaded.";

const loaded = (event: unknown) => (event as DoneActorEvent<PayoutsLoaded>).output;
const rowOf = (context: PayoutDetailsContext, id: number) => context.rows.find((r) => r.id === id) ?? null;
const FIRST_VIEW: TableQuery = { page: 1, pageSize: PAYOUT_PAGE_SIZE, sort: null, search: "" };
const sameView = (a: TableQuery, b: TableQuery) =>
  a.page === b.page &&
  a.pageSize === b.pageSize &&
  a.search === b.search &&
  a.sort?.key === b.sort?.key &&
  a.sort?.direction === b.sort?.direction;

const table = dataTableMachine.provide({
  actions: {
    viewChanged: sendParent((_, { view }: { view: TableView }) => ({ type: "table.changed", view })),
  },
});

/** A new page, size, order or search reads the list again (the table's echo of a view set here does not). */
const reread = {
  guard: "otherView",
  target: "#payoutDetails.loading",
  reenter: true,
  actions: "takeView",
} as const;

const idOf = (event: PayoutDetailsEvent) =>
  event.type === "payment.open" || event.type === "invoice.download" ? event.id : -1;

export const payoutDetailsMachine = setup({
  types: {} as {
    context: PayoutDetailsContext;
    events: PayoutDetailsEvent;
    input: PayoutDetailsInput;
    children: { table: "table"; loadPayouts: "loadPayouts"; downloadInvoice: "downloadInvoice" };
  },
  actors: {
    table,
    loadPayouts: fromPromise<PayoutsLoaded, PayoutListRequest>(async () => {
      throw new Error("loadPayouts is provided by the application");
    }),
    downloadInvoice: fromPromise<void, { file: string; invoice_no: string }>(async () => {
      throw new Error("downloadInvoice is provided by the application");
    }),
  },
  actions: {
    /** The outlet's state changed with the payment: the review screen reads it again. */
    outletChanged: () => {},
    takeView: assign({
      view: ({ context, event }) =>
        event.type === "table.changed"
          ? {
              page: event.view.page,
              pageSize: event.view.pageSize,
              sort: event.view.sort,
              search: event.view.search,
            }
          : context.view,
    }),
    notifyError: (_, _params: { text: string }) => {},
  },
  guards: {
    awaitsPayment: ({ context, event }) => awaitsPayment(rowOf(context, idOf(event))?.payment_status),
    hasInvoice: ({ context, event }) => rowOf(context, idOf(event))?.invoice_data != null,
    recorded: ({ context }) => context.recorded,
    otherView: ({ context, event }) => event.type === "table.changed" && !sameView(event.view, context.view),
  },
}).createMachine({
  id: "payoutDetails",
  description: "An outlet's Payout Details: the payout list, its filters and pages, payments and invoices.",
  context: ({ input }) => ({
    ...input,
    filters: NO_PAYOUT_FILTERS,
    view: FIRST_VIEW,
    rows: [],
    count: 0,
    options: null,
    transaction: null,
    config: null,
    confirming: null,
    recorded: false,
    downloading: null,
  }),
  invoke: { id: "table", src: "table", input: FIRST_VIEW },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      description:
        "Reading a page of 15 payouts with the filters, search and order, the filter options and the latest transaction.",
      invoke: {
        id: "loadPayouts",
        src: "loadPayouts",
        input: ({ context }) => ({
          slug: context.slug,
          filters: context.filters,
          search: context.view.search,
          ordering: payoutOrdering(context.view.sort),
          page: context.view.page,
          pageSize: context.view.pageSize,
        }),
        onDone: {
          target: "ready",
          actions: assign(({ event }) => {
            const out = loaded(event);
            return {
              rows: out.rows,
              count: out.count,
              options: out.options,
              transaction: out.transaction,
              config: out.config,
            };
          }),
        },
        onError: { target: "failed" },
      },
      on: { "table.changed": reread },
    },
    ready: {
      description: "The list, its filters and the latest transaction details are shown.",
      on: {
        "filter.set": {
          target: "loading",
          actions: [
            assign({
              filters: ({ context, event }) => ({ ...context.filters, [event.key]: event.values }),
              view: ({ context }) => ({ ...context.view, page: 1 }),
            }),
            sendTo("table", { type: "page.go", page: 1 }),
          ],
        },
        "table.changed": reread,
        "payment.open": {
          guard: "awaitsPayment",
          target: "confirming",
          actions: assign({ confirming: ({ context, event }) => rowOf(context, event.id), recorded: false }),
        },
        "invoice.download": {
          guard: "hasInvoice",
          target: "downloading",
          actions: assign({ downloading: ({ context, event }) => rowOf(context, event.id) }),
        },
      },
    },
    confirming: {
      description:
        "The Payment Confirmation 'Add transaction details below' of the plotted row: the bulk status update of its outlet.",
      on: {
        "payment.recorded": { actions: assign({ recorded: true }) },
        "payment.close": [
          { guard: "recorded", target: "loading", actions: [assign({ confirming: null }), "outletChanged"] },
          { target: "ready", actions: assign({ confirming: null }) },
        ],
      },
    },
    downloading: {
      tags: ["busy"],
      description: "The paid row's invoice PDF is being downloaded.",
      invoke: {
        id: "downloadInvoice",
        src: "downloadInvoice",
        input: ({ context }) => ({
          file: context.downloading?.invoice_data?.file ?? "",
          invoice_no: context.downloading?.invoice_data?.invoice_no ?? "",
        }),
        onDone: { target: "ready", actions: assign({ downloading: null }) },
        onError: {
          target: "ready",
          actions: [
            assign({ downloading: null }),
            { type: "notifyError", params: { text: INVOICE_DOWNLOAD_FAILED } },
          ],
        },
      },
    },
    failed: {
      description: "The payouts could not be read; Retry reads them again.",
      on: { retry: { target: "loading" } },
    },
  },
});
