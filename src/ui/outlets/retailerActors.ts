/** The retailer edit machines' side effects, provided by the application (tests provide fakes). */
import { fromPromise } from "xstate";
import { RetailerRequestId, WorkflowObjectId } from "../../domain/api/ids";
import type { OutletEditData, ProofKind } from "../../domain/outlets/outletEdit";
import type {
  Decision,
  PendingCheck,
  RequestDetail,
  RequestSummary,
} from "../../domain/outlets/retailerRequests";
import {
  decideRequest,
  pendingCheck,
  requestDetail,
  requestList,
  submitOutletEdit,
  uploadProofImage,
} from "../../infra/api/retailerRequests";
import { runApi } from "../../infra/http";
import type { SubmitOutcome, UploadOutcome } from "../../machines/outlets/outletEdit";
import type { DecideOutcome } from "../../machines/outlets/retailerRequests";

export const retailerRequestsActors = {
  loadRequests: fromPromise<readonly RequestSummary[], { workflowObject: number }>(({ input, signal }) =>
    runApi(requestList(WorkflowObjectId.make(input.workflowObject)), { signal }),
  ),
  loadDetail: fromPromise<RequestDetail, { requestId: number; workflowObject: number }>(({ input, signal }) =>
    runApi(
      requestDetail(RetailerRequestId.make(input.requestId), WorkflowObjectId.make(input.workflowObject)),
      { signal },
    ),
  ),
  decide: fromPromise<
    DecideOutcome,
    { request_id: number; status: Decision; rejection_reason: string | null }
  >(({ input, signal }) =>
    runApi(decideRequest({ ...input, request_id: RetailerRequestId.make(input.request_id) }), { signal }),
  ),
};

export const updateStatusGateActors = {
  pendingCheck: fromPromise<PendingCheck, { workflowObject: number }>(({ input, signal }) =>
    runApi(pendingCheck(WorkflowObjectId.make(input.workflowObject)), { signal }),
  ),
};

export const outletEditActors = {
  uploadImage: fromPromise<UploadOutcome, { slug: string; kind: ProofKind; file: File }>(
    ({ input, signal }) => runApi(uploadProofImage(input.slug, input.kind, input.file), { signal }),
  ),
  submitEdit: fromPromise<SubmitOutcome, { slug: string; data: OutletEditData }>(({ input, signal }) =>
    runApi(submitOutletEdit(input.slug, input.data), { signal }),
  ),
};
