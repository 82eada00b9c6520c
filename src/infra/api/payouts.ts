/** The money path's calls (src/domain/api/payouts.ts), each decoded with the domain's Schema. */
import { queryOptions } from "@tanstack/react-query";
import { Effect } from "effect";
import * as lookups from "../../domain/api/lookups";
import * as outletsApi from "../../domain/api/outlets";
import * as api from "../../domain/api/payouts";
import { PAYOUT_FILTERS, type PayoutQuery } from "../../domain/payouts/payouts";
import { call } from "../endpoint";
import { runApi } from "../http";

/** What Payout Details asks for: one page of the list with its filters, search and order. */
export type PayoutListRequest = {
  slug: string;
  filters: Readonly<Record<(typeof PAYOUT_FILTERS)[number]["key"], readonly string[]>>;
  search: string;
  ordering: PayoutQuery["ordering"] | null;
  page: number;
  pageSize: number;
};

const queryOf = (r: PayoutListRequest): PayoutQuery => ({
  ...(r.filters.program.length ? { program: r.filters.program } : {}),
  ...(r.filters.client_payout_month.length ? { client_payout_month: r.filters.client_payout_month } : {}),
  ...(r.filters.rs_payout_month.length ? { rs_payout_month: r.filters.rs_payout_month } : {}),
  ...(r.search.trim() ? { search: r.search.trim() } : {}),
  ...(r.ordering ? { ordering: r.ordering } : {}),
});

/** The page, the three filters' options (the multi-object lookup), the latest transaction and the caller's actions configs. */
export const loadPayouts = (r: PayoutListRequest) =>
  Effect.all(
    {
      page: call(api.outletPayouts, {
        params: { slug: r.slug },
        query: queryOf(r),
        page: { page: r.page, pageSize: r.pageSize },
      }),
      options: call(lookups.objectLookup, { body: { objects: PAYOUT_FILTERS.map((f) => f.object) } }),
      latest: call(api.latestTransaction, { params: { slug: r.slug } }),
      config: call(outletsApi.actionsConfig, {}),
    },
    { concurrency: "unbounded" },
  ).pipe(
    Effect.map(({ page, options, latest, config }) => ({
      rows: page.results,
      count: page.count,
      options: {
        programs: options.programs ?? [],
        workflow_object_client_payout_months: options.workflow_object_client_payout_months ?? [],
        workflow_object_rs_payout_months: options.workflow_object_rs_payout_months ?? [],
      },
      transaction: latest.latest_transaction_details,
      config,
    })),
  );

export const payoutCyclesQuery = (projectSlug: string, slug: string) =>
  queryOptions({
    queryKey: ["payouts", "cycles", projectSlug, slug] as const,
    queryFn: ({ signal }) => runApi(call(api.payoutCycles, { params: { projectSlug, slug } }), { signal }),
  });

export const clientPayoutQuery = (projectSlug: string) =>
  queryOptions({
    queryKey: ["payouts", "client", projectSlug] as const,
    queryFn: ({ signal }) => runApi(call(api.clientPayout, { params: { projectSlug } }), { signal }),
  });
