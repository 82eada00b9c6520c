/**
 * Retailer Edit Requests (spec 001 §2.6, §4.7, §5.6, §6, §8): the request list, the selected
 * request's detail, Accept, and Reject with a required reason; after either the list reloads.
 */
import { and, assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import { hasEditPermission, type ReviewRole } from "../../domain/outlets/outletReview";
import {
  ACCEPT_FAILED,
  CHOOSE_REASON,
  type Decision,
  isPending,
  REJECT_FAILED,
  type RequestDetail,
  type RequestSummary,
} from "../../domain/outlets/retailerRequests";

export type RetailerRequestsInput = {
  workflowObject: number;
  role: ReviewRole;
  workflowState: string;
  /** Update Status moved the outlet on this screen: no more decisions (§6). */
  workflowStateChanged: boolean;
  /** The role's update action list offers the outlet an action (§4.2). */
  hasUpdateActions: boolean;
};
export type DecideOutcome = { type: "ok"; detail: string } | { type: "refused"; detail: string };
export type RetailerRequestsContext = RetailerRequestsInput & {
  requests: readonly RequestSummary[];
  selected: number | null;
  detail: RequestDetail | null;
  reason: string;
  /** The reason's own message ('Please Choose a Rejection Reason'). */
  reasonError: string | null;
  /** The failure popup's text after a refused or failed decision. */
  failure: string | null;
};
export type RetailerRequestsEvent =
  | { type: "request.select"; id: number }
  | { type: "reason.change"; value: string }
  | { type: "request.accept" }
  | { type: "request.reject" }
  | { type: "failure.close" }
  | { type: "retry" };

/** Accept and Reject are offered on a pending request to those with edit permission (§6). */
export const mayDecide = (
  c: Pick<
    RetailerRequestsContext,
    "detail" | "role" | "workflowState" | "workflowStateChanged" | "hasUpdateActions"
  >,
) =>
  c.detail !== null &&
  isPending(c.detail.retailer_request.status) &&
  hasEditPermission(c.role, c.workflowState, c.workflowStateChanged, c.hasUpdateActions);

const listed = (event: unknown) => (event as DoneActorEvent<readonly RequestSummary[]>).output;
const decided = (event: unknown) => (event as DoneActorEvent<DecideOutcome>).output;
/** Accept or Reject on its way: decided, the list reloads (§4.7); refused or failed, the popup. */
const decision = (status: Decision) => {
  const failure = status === "accepted" ? ACCEPT_FAILED : REJECT_FAILED;
  return {
    id: "decide" as const,
    src: "decide" as const,
    input: ({ context }: { context: RetailerRequestsContext }) => ({
      request_id: context.selected ?? 0,
      status,
      rejection_reason: status === "rejected" ? context.reason : null,
    }),
    onDone: [
      {
        guard: "decidedOk" as const,
        target: "loadingList",
        actions: [
          {
            type: "notifySuccess" as const,
            params: ({ event }: { event: unknown }) => ({ text: decided(event).detail }),
          },
          "requestsChanged" as const,
        ],
      },
      { target: "showing", actions: { type: "showFailure" as const, params: { text: failure } } },
    ],
    onError: { target: "showing", actions: { type: "showFailure" as const, params: { text: failure } } },
  };
};

export const retailerRequestsMachine = setup({
  types: {} as {
    context: RetailerRequestsContext;
    events: RetailerRequestsEvent;
    input: RetailerRequestsInput;
  },
  actors: {
    loadRequests: fromPromise<readonly RequestSummary[], { workflowObject: number }>(async () => {
      throw new Error("loadRequests is provided by the application");
    }),
    loadDetail: fromPromise<RequestDetail, { requestId: number; workflowObject: number }>(async () => {
      throw new Error("loadDetail is provided by the application");
    }),
    decide: fromPromise<
      DecideOutcome,
      { request_id: number; status: Decision; rejection_reason: string | null }
    >(async () => {
      throw new Error("decide is provided by the application");
    }),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => {},
    requestsChanged: () => {},
    showFailure: assign({ failure: (_, params: { text: string }) => params.text }),
  },
  guards: {
    someRequests: ({ event }) => listed(event).length > 0,
    mayDecide: ({ context }) => mayDecide(context),
    hasReason: ({ context }) => context.reason !== "",
    decidedOk: ({ event }) => decided(event).type === "ok",
    failureShown: ({ context }) => context.failure !== null,
  },
}).createMachine({
  id: "retailerRequests",
  description: "The retailer edit requests of one outlet: list, selected request, decision.",
  context: ({ input }) => ({
    ...input,
    requests: [],
    selected: null,
    detail: null,
    reason: "",
    reasonError: null,
    failure: null,
  }),
  initial: "loadingList",
  states: {
    loadingList: {
      tags: ["busy"],
      description: "Reading the outlet's requests.",
      invoke: {
        id: "loadRequests",
        src: "loadRequests",
        input: ({ context }) => ({ workflowObject: context.workflowObject }),
        onDone: [
          {
            guard: "someRequests",
            target: "loadingDetail",
            // The request shown before a reload stays selected while it is listed; else the newest.
            actions: assign(({ context, event }) => {
              const requests = listed(event);
              const keep = requests.some((r) => r.retailer_master_request_id === context.selected);
              return {
                requests,
                selected: keep ? context.selected : requests[0]!.retailer_master_request_id,
              };
            }),
          },
          { target: "empty", actions: assign({ requests: [], selected: null, detail: null }) },
        ],
        onError: { target: "listFailed" },
      },
    },
    empty: { description: "'No Requests Available'." },
    listFailed: {
      description: "'Failed to load requests. Please try again.' with Retry.",
      on: { retry: { target: "loadingList" } },
    },
    loadingDetail: {
      tags: ["busy"],
      description: "Reading the selected request's old and new data and images.",
      invoke: {
        id: "loadDetail",
        src: "loadDetail",
        input: ({ context }) => ({
          requestId: context.selected ?? 0,
          workflowObject: context.workflowObject,
        }),
        onDone: {
          target: "showing",
          actions: assign({ detail: ({ event }) => event.output, reason: "", reasonError: null }),
        },
        onError: { target: "detailFailed", actions: assign({ detail: null }) },
      },
    },
    detailFailed: {
      description: "'Failed to load request data. Please try again.'; another request can be chosen.",
      on: {
        "request.select": { target: "loadingDetail", actions: assign({ selected: ({ event }) => event.id }) },
        retry: { target: "loadingDetail" },
      },
    },
    showing: {
      description:
        "The selected request: heading, status, the Fields table, images, Accept and Reject when allowed.",
      on: {
        "request.select": { target: "loadingDetail", actions: assign({ selected: ({ event }) => event.id }) },
        "reason.change": {
          guard: "mayDecide",
          actions: assign({ reason: ({ event }) => event.value, reasonError: null }),
        },
        "request.accept": { guard: "mayDecide", target: "accepting" },
        "request.reject": [
          { guard: and(["mayDecide", "hasReason"]), target: "rejecting" },
          { guard: "mayDecide", actions: assign({ reasonError: CHOOSE_REASON }) },
        ],
        "failure.close": {
          guard: "failureShown",
          target: "loadingList",
          actions: assign({ failure: null }),
        },
      },
    },
    accepting: {
      tags: ["busy"],
      description: "Accept is on its way.",
      invoke: {
        ...decision("accepted"),
      },
    },
    rejecting: {
      tags: ["busy"],
      description: "Reject with the chosen reason is on its way.",
      invoke: {
        ...decision("rejected"),
      },
    },
  },
});
