/**
 * The retailer's mobile pages (spec 002 §4, §7, docs/retailer-portal.md), read three ways: by the
 * retailer's link with the token it is bound to, by staff who see the outlet (the pp views, by
 * RSID) and by the signed-in retailer for their own outlets. The PDFs the lists link to
 * (mobilePdfs.ts), the link's binding (mobileLinks.ts) and the retailer's own account
 * (retailerAccount.ts) are declared apart. The link's page reads its calls' shapes, derived from
 * these declarations at build time (src/infra/api/mobileLink.ts), and loads none of the Schemas.
 *
 * A link's calls are public: the link's slug names the outlet and each read must carry the token
 * the link is bound to in the `X-Mobile-Access` header (MOBILE_ACCESS_HEADER, ../mobile/mobile; 403
 * otherwise). The signed-in retailer's calls answer 403 to anyone who is not a retailer with an
 * outlet, and 404 for another's outlet.
 */
import { Schema } from "effect";
import {
  AccessAnswer,
  AccessCheckBody,
  EarningsAnswer,
  InvoicesAnswer,
  MobileProfileAnswer,
  RetailerOutletInformation,
  RetailerOutletsAnswer,
  StatementsAnswer,
} from "../mobile/mobileAnswers";
import { type Endpoint, endpoint } from "./endpoint";
import { PathText } from "./fields";
import type { Grant } from "./grants";

/** A link by its slug; an outlet by its RSID (staff's pp views, the signed-in retailer's own outlets). */
const LinkParams = Schema.Struct({ slug: PathText });
export const OutletParams = Schema.Struct({ rsid: PathText });

/** The pages' lists are never paged; the spec's client says so (002 §7). */
const NoPagination = Schema.Struct({ "no-pagination": Schema.optionalKey(Schema.String) });

/** A page's read by RSID (staff, the signed-in retailer), answering R. */
export type OutletPage<R extends Schema.Top> = Endpoint<
  typeof OutletParams,
  typeof NoPagination,
  undefined,
  R
>;

/** The four reads of the mobile pages for one way of reading them (`page` gives a page's path). */
function pages<G extends Grant, P extends Schema.Top>(
  who: string,
  grant: G,
  params: P,
  page: (name: string) => string,
) {
  const read = <R extends Schema.Top>(name: string, what: string, response: R) =>
    endpoint({
      summary: `${what}, ${who}`,
      method: "GET",
      path: page(name),
      grant,
      params,
      query: NoPagination,
      response,
      refusals: [404],
    });
  return {
    profile: read("profile", "The retailer, the programme and the KYC status", MobileProfileAnswer),
    earnings: read("earnings", "Paid payouts, newest first", EarningsAnswer),
    invoices: read("invoices", "Invoices of paid payouts, newest first", InvoicesAnswer),
    statements: read("target-statements", "Target statements, newest period first", StatementsAnswer),
  };
}

export const accessCheck = endpoint({
  summary:
    "The link's access check: the first fresh token binds the link to its device; the answer says why another is refused",
  method: "POST",
  path: "/mobile/access-check/:slug/",
  grant: "public",
  params: LinkParams,
  body: AccessCheckBody,
  response: AccessAnswer,
  refusals: [400, 404],
});

export const {
  profile: linkProfile,
  earnings: linkEarnings,
  invoices: linkInvoices,
  statements: linkStatements,
} = pages(
  "by the retailer's link with the token it is bound to",
  "public",
  LinkParams,
  (page) => `/mobile/${page}/:slug/`,
);

export const {
  profile: staffProfile,
  earnings: staffEarnings,
  invoices: staffInvoices,
  statements: staffStatements,
} = pages(
  "for staff who see the outlet (the pp views)",
  "outletsRead",
  OutletParams,
  (page) => `/pp/:rsid/${page}/`,
);

export const retailerOutlets = endpoint({
  summary: "The signed-in retailer's outlets",
  method: "GET",
  path: "/retailer/outlets/",
  grant: "signedIn",
  response: RetailerOutletsAnswer,
});

export const retailerOutlet = endpoint({
  summary: "One of the retailer's outlets: the details on record and each edit request's decision",
  method: "GET",
  path: "/retailer/outlets/:rsid/",
  grant: "signedIn",
  params: OutletParams,
  response: RetailerOutletInformation,
  refusals: [404],
});

export const {
  profile: ownProfile,
  earnings: ownEarnings,
  invoices: ownInvoices,
  statements: ownStatements,
} = pages(
  "of the signed-in retailer's own outlet",
  "signedIn",
  OutletParams,
  (page) => `/retailer/outlets/:rsid/${page}/`,
);
