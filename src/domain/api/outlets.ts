/**
 * The outlets' endpoints (spec 000 §7.3, §7.5, §2.4; 001 §6, §7): the listing with its filters,
 * filter options and scope, the actions configs, an outlet's chain, the bulk action, the dashboard's
 * counts, and the outlet review's outlet, QC edit history, similar outlets, edit decisions, images
 * and gallery.
 */
import { Schema } from "effect";
import { ActionsConfigResponse } from "../outlets/actionsConfig";
import { BulkUpdateRequest, BulkUpdateResponse, ChainQuery, ChainResponse } from "../outlets/bulkUpdate";
import { OutletGallery } from "../outlets/outletGallery";
import {
  FilterOptionsResponse,
  ListScopeNames,
  OutletListingQuery,
  OutletListResponse,
  OutletSummary,
} from "../outlets/outletListing";
import { OutletActionBody, OutletReview, QcEditHistory, SimilarOutlets } from "../outlets/outletReview";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { Download, endpoint } from "./endpoint";
import { IdText, Text } from "./fields";
import { OutletId, OutletImageId, WorkflowObjectId } from "./ids";
import { Detail } from "./retailerRequests";

/** An outlet named in a path by its RSID. */
const OfOutlet = Schema.Struct({ slug: Text(MAX_QUERY_TEXT_LENGTH) });

export const listOutlets = endpoint({
  summary: "A page of the outlets the caller sees, filtered, searched and ordered (000 §7.5)",
  method: "GET",
  path: "/outlets/",
  grant: "outletsRead",
  query: OutletListingQuery,
  paged: true,
  response: OutletListResponse,
  refusals: [400, 404],
});

export const filterOptions = endpoint({
  summary: "The filter drawer's options within a list's scope (project, sub-project or cycles)",
  method: "GET",
  path: "/outlets/filter-options/",
  grant: "outletsRead",
  query: OutletListingQuery,
  response: FilterOptionsResponse,
  refusals: [400, 404],
});

export const listScope = endpoint({
  summary: "The project and sub-project a scoped list belongs to, for its heading",
  method: "GET",
  path: "/outlets/list-scope/",
  grant: "outletsRead",
  query: OutletListingQuery,
  response: ListScopeNames,
  refusals: [400, 404],
});

export const actionsConfig = endpoint({
  summary:
    "The actions the caller's considered workflow permission offers, by state and sub-project type (001 §6)",
  method: "GET",
  path: "/outlets/actions-config/",
  grant: "outletsRead",
  response: ActionsConfigResponse,
});

export const outletChain = endpoint({
  summary: "The outlets of the same chain (shared PAN or bank account) as the outlets of a bulk action",
  method: "GET",
  path: "/outlets/chain/",
  grant: "outletsRead",
  query: ChainQuery,
  response: ChainResponse,
  refusals: [400],
});

export const bulkAction = endpoint({
  summary: "One action on many outlets, all or nothing; a 400 names each outlet or field refused (000 §7.3)",
  method: "POST",
  path: "/outlets/bulk-action/",
  grant: "outletsWrite",
  body: BulkUpdateRequest,
  response: BulkUpdateResponse,
  refusals: [400, 409],
});

export const outletSummary = endpoint({
  summary: "The active outlets the caller sees by workflow state, overall and per project",
  method: "GET",
  path: "/outlets/summary/",
  grant: "outletsRead",
  response: OutletSummary,
});

export const qcEditHistory = endpoint({
  summary: "A workflow object's QC edit history (001 §7)",
  method: "GET",
  path: "/outlets/qc-edit-history/:workflowObject/",
  grant: "outletsRead",
  params: Schema.Struct({ workflowObject: IdText(WorkflowObjectId) }),
  response: QcEditHistory,
  refusals: [404],
});

export const similarOutlets = endpoint({
  summary: "The outlets sharing an outlet's phone, account, GST or PAN number (001 §2.4)",
  method: "GET",
  path: "/outlets/similar/:id/",
  grant: "outletsRead",
  params: Schema.Struct({ id: IdText(OutletId) }),
  response: SimilarOutlets,
  refusals: [404],
});

export const outletGallery = endpoint({
  summary: "Every image held for one outlet, for the gallery route (001 §2.5)",
  method: "GET",
  path: "/outlets/gallery/:id/",
  grant: "outletsRead",
  params: Schema.Struct({ id: IdText(OutletId) }),
  response: OutletGallery,
  refusals: [404],
});

export const decideEdits = endpoint({
  summary: "Accept or reject an outlet's previous address and phone edits (001 §2.4)",
  method: "POST",
  path: "/outlets/:slug/action/",
  grant: "outletsWrite",
  params: OfOutlet,
  body: OutletActionBody,
  response: Detail,
  refusals: [400, 404, 409],
});

export const outletImage = endpoint({
  summary: "One image of an outlet",
  method: "GET",
  path: "/outlets/:slug/images/:id/",
  grant: "outletsRead",
  params: Schema.Struct({ slug: Text(MAX_QUERY_TEXT_LENGTH), id: IdText(OutletImageId) }),
  response: Download,
  refusals: [404],
});

export const outletDetail = endpoint({
  summary: "One outlet with its workflow object and log, as the review screen reads it (001 §3)",
  method: "GET",
  path: "/outlets/:slug/",
  grant: "outletsRead",
  params: OfOutlet,
  response: OutletReview,
  refusals: [404],
});
