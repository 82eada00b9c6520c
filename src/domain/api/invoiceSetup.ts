/**
 * A sub-project's invoice setup (000 §2.1 assign-invoice-sku): the template or ordered header list
 * its invoices ask, saved at the version it was read; and the sub-project's SKU list as the SKU
 * editing slider reads it (002 §7: by sub_project__slug, never paged, retailers' SKUs left out on
 * exclude_retailers=true). SKU template fields and SKUs are written through the resource layer.
 */
import { Schema } from "effect";
import { InvoiceAssignment, InvoiceSetup, SubProjectSku } from "../invoices/invoiceSetup";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { endpoint } from "./endpoint";
import { Choice, PathText, Text } from "./fields";
import { resultsOf } from "./paginated";

const OfSubProject = Schema.Struct({ projectSlug: PathText, slug: PathText });

export const invoiceSetup = endpoint({
  summary: "A sub-project's invoice setup: its template or ordered headers, and what may be chosen",
  method: "GET",
  path: "/projects/:projectSlug/sub-projects/:slug/invoice-setup/",
  grant: "setUpInvoices",
  params: OfSubProject,
  response: InvoiceSetup,
  refusals: [404],
});

export const saveInvoiceSetup = endpoint({
  summary:
    "Saves a sub-project's template or ordered headers at the version read; 409 when someone saved since",
  method: "PUT",
  path: "/projects/:projectSlug/sub-projects/:slug/invoice-setup/",
  grant: "setUpInvoices",
  params: OfSubProject,
  body: InvoiceAssignment,
  response: InvoiceSetup,
  refusals: [400, 404, 409],
});

export const subProjectSkuList = endpoint({
  summary: "A sub-project's SKU list, whole; exclude_retailers=true leaves out SKUs retailers added",
  method: "GET",
  path: "/sku-list/",
  grant: "outletsRead",
  query: Schema.Struct({
    sub_project__slug: Text(MAX_QUERY_TEXT_LENGTH),
    exclude_retailers: Schema.optionalKey(Choice(["true", "false"])),
    "no-pagination": Schema.optionalKey(Schema.String),
  }),
  response: resultsOf(SubProjectSku),
  refusals: [400, 404],
});
