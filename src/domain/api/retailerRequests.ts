/**
 * The retailer edits' endpoints (spec 001 §7, 000 §7.2): a workflow object's requests, one request,
 * the decision, the outlet edit, the common file and image uploads, and the signed-in retailer's
 * edit of their own outlet.
 */
import { Schema } from "effect";
import { RetailerEditStart } from "../mobile/mobileAnswers";
import { OutletEditBody, UploadedProofImage } from "../outlets/outletEdit";
import { DecisionBody, PendingCheck, RequestDetail, RequestList } from "../outlets/retailerRequests";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { Download, endpoint, Multipart } from "./endpoint";
import { IdText, Text } from "./fields";
import { FileId, ONE_RECORD_ID, OutletImageId, RetailerRequestId, WorkflowObjectId } from "./ids";

const OfWorkflowObject = Schema.Struct({ workflow_object: IdText(WorkflowObjectId, ONE_RECORD_ID) });

export const Detail = Schema.Struct({ detail: Schema.String });

export const listRequests = endpoint({
  summary: "The retailer master requests of a workflow object, newest first",
  method: "GET",
  path: "/retailer-requests/",
  grant: "outletsRead",
  query: OfWorkflowObject,
  response: RequestList,
  refusals: [400, 404],
});

export const pendingRequests = endpoint({
  summary: "Whether a workflow object has pending requests, and how many (001 §4.4)",
  method: "GET",
  path: "/retailer-requests/pending/",
  grant: "outletsRead",
  query: OfWorkflowObject,
  response: PendingCheck,
  refusals: [400, 404],
});

export const decideRequest = endpoint({
  summary: "Accept or reject a pending request; a rejection names a reason from QC's list",
  method: "POST",
  path: "/retailer-requests/decision/",
  grant: "outletsWrite",
  body: DecisionBody,
  response: Detail,
  refusals: [400, 404, 409],
});

export const requestDetail = endpoint({
  summary: "One request's old and new data, its images and the rejection reasons",
  method: "GET",
  path: "/retailer-requests/:id/",
  grant: "outletsRead",
  params: Schema.Struct({ id: IdText(RetailerRequestId) }),
  query: OfWorkflowObject,
  response: RequestDetail,
  refusals: [400, 404],
});

const Rsid = Text(MAX_QUERY_TEXT_LENGTH);
/** The signed-in retailer's own outlet, by RSID: another's is not found, and anyone else is refused. */
const OfOwnOutlet = Schema.Struct({ rsid: Rsid });

export const editOutlet = endpoint({
  summary: "Raise retailer master requests for an outlet's edited details and proof images (001 §7)",
  method: "PATCH",
  path: "/outlets/:slug/",
  grant: "outletsWrite",
  params: Schema.Struct({ slug: Rsid }),
  body: OutletEditBody,
  response: Detail,
  refusals: [400, 404],
});

export const uploadProofImage = endpoint({
  summary:
    "A proof image for an outlet's edit, as a multipart form (image, name, outlet), before the edit is sent",
  method: "POST",
  path: "/common/images/",
  grant: "outletsWrite",
  body: Multipart,
  response: UploadedProofImage,
  status: 201,
  refusals: [400, 404, 413],
});

export const uploadFile = endpoint({
  summary: "A document (a PDF or an image) stored for the caller's organisation, as a multipart form",
  method: "POST",
  path: "/common/files/",
  grant: "outletsRead",
  body: Multipart,
  response: Schema.Struct({ id: FileId, image: Schema.Null }),
  status: 201,
  refusals: [400, 413],
});

export const ownEditStart = endpoint({
  summary: "The signed-in retailer's outlet as the edit form starts from it, and whether a request waits",
  method: "GET",
  path: "/retailer/outlets/:rsid/edit/",
  grant: "signedIn",
  params: OfOwnOutlet,
  response: RetailerEditStart,
  refusals: [404],
});

export const editOwnOutlet = endpoint({
  summary: "The signed-in retailer's edit of their own outlet, raised as requests QC decides",
  method: "PATCH",
  path: "/retailer/outlets/:rsid/",
  grant: "signedIn",
  params: OfOwnOutlet,
  body: OutletEditBody,
  response: Detail,
  refusals: [400, 404],
});

export const uploadOwnProofImage = endpoint({
  summary:
    "A proof image for the signed-in retailer's edit of their own outlet, as a multipart form (image, name)",
  method: "POST",
  path: "/retailer/outlets/:rsid/images/",
  grant: "signedIn",
  params: OfOwnOutlet,
  body: Multipart,
  response: UploadedProofImage,
  status: 201,
  refusals: [400, 404, 413],
});

export const ownProofImage = endpoint({
  summary: "A proof image the signed-in retailer uploaded for their own outlet",
  method: "GET",
  path: "/retailer/outlets/:rsid/images/:id/",
  grant: "signedIn",
  params: Schema.Struct({ rsid: Rsid, id: IdText(OutletImageId) }),
  response: Download,
  refusals: [404],
});
