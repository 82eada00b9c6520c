/**
 * The filter drawer (spec 000 §2.4, §5): opens, loads its options with a spinner, lets the user
 * change a draft of the filters (checkbox lists, date ranges with the 30-day invoice rule, toggles),
 * and applies or clears them.
 */
import { assign, fromCallback, fromPromise, setup } from "xstate";
import {
  chooseInvoiceFrom,
  chooseInvoiceTo,
  type DateRange,
  defaultDateRange,
  EMPTY_FILTERS,
  type FilterValues,
} from "../../domain/shared/filters";

export type FilterOption = { readonly label: string; readonly value: string };

export type FilterDrawerEvent =
  | { type: "drawer.open" }
  | { type: "drawer.close" }
  | { type: "option.toggle"; key: string; value: string }
  | { type: "range.enable"; key: string; today: string }
  | { type: "range.disable"; key: string }
  | { type: "range.set"; key: string; range: DateRange }
  | { type: "invoiceFrom.set"; key: string; date: string }
  | { type: "invoiceTo.set"; key: string; date: string }
  | { type: "toggle.flip"; key: string }
  | { type: "filters.clear" }
  | { type: "filters.apply" }
  | { type: "applied.set"; values: FilterValues };

export type FilterDrawerContext = {
  options: Readonly<Record<string, readonly FilterOption[]>>;
  draft: FilterValues;
  applied: FilterValues;
  alert: string | null;
  loadError: string | null;
};

const setList = (values: FilterValues, key: string, value: string): FilterValues => {
  const current = values.lists[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...values, lists: { ...values.lists, [key]: next } };
};

export const filterDrawerMachine = setup({
  types: {} as {
    context: FilterDrawerContext;
    events: FilterDrawerEvent;
    input: { applied?: FilterValues };
  },
  actors: {
    loadOptions: fromPromise<Record<string, readonly FilterOption[]>>(async () => {
      throw new Error("loadOptions is provided by the screen");
    }),
    /**
     * Sends `applied.set` with the filters of the address that Back or Forward brings; a list that
     * keeps its own address (the outlet list) leaves it doing nothing.
     */
    addressChanges: fromCallback(() => () => {}),
  },
  actions: {
    filtersApplied: (_, _params: { values: FilterValues }) => {},
  },
}).createMachine({
  id: "filterDrawer",
  invoke: { id: "addressChanges", src: "addressChanges" },
  on: {
    // The list changed its filters without the drawer (a chip removed, the address changed).
    "applied.set": { actions: assign(({ event }) => ({ applied: event.values, draft: event.values })) },
  },
  description: "The right-hand filter drawer of a list: draft filters, then Apply Filter or Clear All.",
  context: ({ input }) => ({
    options: {},
    draft: input.applied ?? EMPTY_FILTERS,
    applied: input.applied ?? EMPTY_FILTERS,
    alert: null,
    loadError: null,
  }),
  initial: "closed",
  states: {
    closed: {
      description: "The drawer is shut; the applied filters shape the list.",
      on: {
        "drawer.open": {
          target: "loading",
          actions: assign(({ context }) => ({ draft: context.applied, alert: null })),
        },
      },
    },
    loading: {
      description: "The drawer is open and shows a spinner while the filter options load.",
      invoke: {
        id: "loadOptions",
        src: "loadOptions",
        onDone: {
          target: "open",
          actions: assign({ options: ({ event }) => event.output, loadError: null }),
        },
        onError: {
          target: "open",
          actions: assign({ loadError: "The filter options could not be loaded." }),
        },
      },
      on: { "drawer.close": { target: "closed" } },
    },
    open: {
      description: "The user changes the draft filters; nothing applies until Apply Filter.",
      on: {
        "drawer.close": { target: "closed" },
        "option.toggle": {
          actions: assign({ draft: ({ context, event }) => setList(context.draft, event.key, event.value) }),
        },
        // An untouched date filter is not applied; turning it on starts at the picker's default.
        "range.enable": {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              ranges: { ...context.draft.ranges, [event.key]: defaultDateRange(event.today) },
            }),
          }),
        },
        "range.disable": {
          actions: assign({
            draft: ({ context, event }) => {
              const { [event.key]: _off, ...ranges } = context.draft.ranges;
              return { ...context.draft, ranges };
            },
          }),
        },
        "range.set": {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              ranges: { ...context.draft.ranges, [event.key]: event.range },
            }),
          }),
        },
        "invoiceFrom.set": {
          actions: assign(({ context, event }) => {
            const range = context.draft.ranges[event.key] ?? { from: null, to: null };
            return {
              alert: null,
              draft: {
                ...context.draft,
                ranges: { ...context.draft.ranges, [event.key]: chooseInvoiceFrom(range, event.date) },
              },
            };
          }),
        },
        "invoiceTo.set": {
          actions: assign(({ context, event }) => {
            const current = context.draft.ranges[event.key] ?? { from: null, to: null };
            const { range, alert } = chooseInvoiceTo(current, event.date);
            return {
              alert,
              draft: { ...context.draft, ranges: { ...context.draft.ranges, [event.key]: range } },
            };
          }),
        },
        "toggle.flip": {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              toggles: { ...context.draft.toggles, [event.key]: !context.draft.toggles[event.key] },
            }),
          }),
        },
        "filters.clear": { actions: assign({ draft: EMPTY_FILTERS, alert: null }) },
        "filters.apply": {
          target: "closed",
          actions: [
            assign({ applied: ({ context }) => context.draft }),
            { type: "filtersApplied", params: ({ context }) => ({ values: context.draft }) },
          ],
        },
      },
    },
  },
});
