/** The retailer edits' endpoints (spec 001 §7): a workflow object's requests, one request, the decision. */
import { Schema } from "effect";
import { DecisionBody, PendingCheck, RequestDetail, RequestList } from "../retailerRequests";
import { endpoint } from "./endpoint";
import { IdText } from "./fields";
import { ONE_RECORD_ID, RetailerRequestId, WorkflowObjectId } from "./ids";

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
