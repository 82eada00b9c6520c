/**
 * Payout Details (spec 001 §2.3, §4.6, §9): an outlet's payout list with its three filters, search,
 * ordering and pages of 15, and the latest transaction details. A plotted row's Update Status opens
 * the Payment Confirmation (the bulk status update machine under the title 'Add transaction details
 * below'); once a payment is recorded the list and the outlet reload. A paid row with an invoice
 * downloads it.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import type { ActionsConfigResponse } from "../domain/actionsConfig";
import {
  awaitsPayment,
  PAYOUT_PAGE_SIZE,
  type PayoutFilterKey,
  type PayoutFilterOptions,
  type PayoutOrdering,
  type PayoutRow,
  type TransactionDetails,
} from "../domain/payouts";

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
  | { type: "search.set"; value: string }
  | { type: "order.set"; ordering: PayoutOrdering | null }
  | { type: "page.go"; page: number }
  | { type: "payment.open"; id: number }
  | { type: "payment.recorded" }
  | { type: "payment.close" }
  | { type: "invoice.download"; id: number }
  | { type: "retry" };

export type PayoutDetailsContext = PayoutDetailsInput & {
  filters: PayoutFilters;
  search: string;
  ordering: PayoutOrdering | null;
  page: number;
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
const idOf = (event: PayoutDetailsEvent) =>
  event.type === "payment.open" || event.type === "invoice.download" ? event.id : -1;

export const payoutDetailsMachine = setup({
  types: {} as { context: PayoutDetailsContext; events: PayoutDetailsEvent; input: PayoutDetailsInput },
  actors: {
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
    notifyError: (_, _params: { text: string }) => {},
  },
  guards: {
    awaitsPayment: ({ context, event }) => awaitsPayment(rowOf(context, idOf(event))?.payment_status),
    hasInvoice: ({ context, event }) => rowOf(context, idOf(event))?.invoice_data != null,
    recorded: ({ context }) => context.recorded,
    otherPage: ({ context, event }) =>
      event.type === "page.go" &&
      event.page >= 1 &&
      event.page !== context.page &&
      event.page <= Math.max(1, Math.ceil(context.count / PAYOUT_PAGE_SIZE)),
  },
}).createMachine({
  id: "payoutDetails",
  description: "An outlet's Payout Details: the payout list, its filters and pages, payments and invoices.",
  context: ({ input }) => ({
    ...input,
    filters: NO_PAYOUT_FILTERS,
    search: "",
    ordering: null,
    page: 1,
    rows: [],
    count: 0,
    options: null,
    transaction: null,
    config: null,
    confirming: null,
    recorded: false,
    downloading: null,
  }),
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
          search: context.search,
          ordering: context.ordering,
          page: context.page,
          pageSize: PAYOUT_PAGE_SIZE,
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
    },
    ready: {
      description: "The list, its filters and the latest transaction details are shown.",
      on: {
        "filter.set": {
          target: "loading",
          actions: assign({
            filters: ({ context, event }) => ({ ...context.filters, [event.key]: event.values }),
            page: 1,
          }),
        },
        "search.set": { target: "loading", actions: assign({ search: ({ event }) => event.value, page: 1 }) },
        "order.set": {
          target: "loading",
          actions: assign({ ordering: ({ event }) => event.ordering, page: 1 }),
        },
        "page.go": {
          guard: "otherPage",
          target: "loading",
          actions: assign({ page: ({ event }) => event.page }),
        },
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
