/**
 * The money path's endpoints (spec 001 §2.3, §3, §7; 000 §2.2; docs/payouts.md): an outlet's payout
 * list and latest transaction details (Payout Details; its filter options come from the multi-object
 * lookup, lookups.ts), a payout sub-project's cycles (the cycle page) and a client's payout page. Payments are written by the bulk action
 * (outlets family), which records them through the one payment function.
 */
import { Schema } from "effect";
import { ClientPayout, CyclePage, LatestTransaction, PayoutPage, PayoutQuery } from "../payouts/payouts";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { endpoint } from "./endpoint";
import { Text } from "./fields";

const Slug = Text(MAX_QUERY_TEXT_LENGTH);
const OfOutlet = Schema.Struct({ slug: Slug });

export const outletPayouts = endpoint({
  summary:
    "A page of an outlet's payouts (Payout Details), filtered by program and cycles, searched and ordered",
  method: "GET",
  path: "/payouts/outlets/:slug/",
  grant: "outletsRead",
  params: OfOutlet,
  query: PayoutQuery,
  paged: true,
  response: PayoutPage,
  refusals: [400, 404],
});

export const latestTransaction = endpoint({
  summary: "An outlet's latest transaction details: the last payment recorded, paid or failed",
  method: "GET",
  path: "/payouts/outlets/:slug/latest-transaction/",
  grant: "outletsRead",
  params: OfOutlet,
  response: LatestTransaction,
  refusals: [404],
});

export const payoutCycles = endpoint({
  summary:
    "A payout sub-project's cycle page: its targets, and plotted and paid counts and amounts per cycle",
  method: "GET",
  path: "/payouts/projects/:projectSlug/sub-projects/:slug/cycles/",
  grant: "outletsRead",
  params: Schema.Struct({ projectSlug: Slug, slug: Slug }),
  response: CyclePage,
  refusals: [404],
});

export const clientPayout = endpoint({
  summary: "A project's payout page in the client portal: its payout sub-projects' plotted and paid totals",
  method: "GET",
  path: "/payouts/projects/:projectSlug/",
  grant: "outletsRead",
  params: Schema.Struct({ projectSlug: Slug }),
  response: ClientPayout,
  refusals: [404],
});
