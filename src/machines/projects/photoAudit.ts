/**
 * The photo audit page of one sub-project (docs/projects.md, "Photo audit"): a page of its survey
 * photos by status is read; a photo is approved at once, or rejected once a reason is given
 * (`rejectReasonGiven`); each decision is saved at the version read and the page read again, so a
 * decided photo leaves the "Not audited" list. Reading and deciding are actors provided at the edge.
 */
import { assign, fromPromise, setup } from "xstate";
import {
  PHOTO_DECISION_NOT_SAVED,
  type PhotoAuditImage,
  type PhotoAuditPage,
  type PhotoAuditStatus,
  type PhotoDecision,
  type PhotoDecisionOutcome,
  type PhotoListOutcome,
  photoDecisionSaved,
  REJECT_REASON_REQUIRED,
  rejectReasonGiven,
} from "../../domain/projects/photoAudit";

export type PhotoListRequest = { projectSlug: string; slug: string; status: PhotoAuditStatus; page: number };
export type PhotoDecisionRequest = {
  projectSlug: string;
  slug: string;
  imageId: number;
  decision: PhotoDecision;
  reason: string | null;
  version: number;
};

export type PhotoAuditContext = {
  projectSlug: string;
  slug: string;
  status: PhotoAuditStatus;
  page: number;
  list: PhotoAuditPage | null;
  /** The photo being decided, and how. */
  pending: { image: PhotoAuditImage; decision: PhotoDecision } | null;
  reason: string;
  message: string | null;
};

export type PhotoAuditEvent =
  | { type: "status.change"; status: PhotoAuditStatus }
  | { type: "page.change"; page: number }
  | { type: "approve"; image: PhotoAuditImage }
  | { type: "reject.open"; image: PhotoAuditImage }
  | { type: "reason.change"; value: string }
  | { type: "reject.confirm" }
  | { type: "reject.cancel" }
  | { type: "retry" };

export const photoAuditMachine = setup({
  types: {} as {
    context: PhotoAuditContext;
    events: PhotoAuditEvent;
    input: { projectSlug: string; slug: string };
  },
  actors: {
    loadPhotos: fromPromise<PhotoListOutcome, PhotoListRequest>(async () => {
      throw new Error("loadPhotos is provided by the application");
    }),
    decide: fromPromise<PhotoDecisionOutcome, PhotoDecisionRequest>(async () => {
      throw new Error("decide is provided by the application");
    }),
  },
  actions: {
    notifySaved: (_, _params: { text: string }) => {},
  },
  guards: {
    reasonGiven: ({ context }) => rejectReasonGiven(context.reason),
  },
}).createMachine({
  id: "photoAudit",
  description: "A sub-project's survey photos by status, each approved, or rejected with a reason.",
  context: ({ input }) => ({
    projectSlug: input.projectSlug,
    slug: input.slug,
    status: "pending",
    page: 1,
    list: null,
    pending: null,
    reason: "",
    message: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "A page of the sub-project's photos with the chosen status is read.",
      tags: ["busy"],
      invoke: {
        id: "loadPhotos",
        src: "loadPhotos",
        input: ({ context }) => ({
          projectSlug: context.projectSlug,
          slug: context.slug,
          status: context.status,
          page: context.page,
        }),
        onDone: [
          { guard: ({ event }) => event.output.type === "notFound", target: "notFound" },
          {
            target: "ready",
            actions: assign({
              list: ({ event }) => (event.output.type === "found" ? event.output.page : null),
            }),
          },
        ],
        onError: { target: "failed" },
      },
    },
    failed: {
      description: "The photos could not be read: Try again.",
      on: { retry: "loading" },
    },
    notFound: {
      description: "No such sub-project, or one the user may not audit: Page not found.",
    },
    ready: {
      description: "The page of photos: a status filter, pages, and Approve and Reject on each photo.",
      on: {
        "status.change": {
          target: "loading",
          actions: assign({ status: ({ event }) => event.status, page: 1, message: null }),
        },
        "page.change": {
          target: "loading",
          actions: assign({ page: ({ event }) => event.page, message: null }),
        },
        approve: {
          target: "saving",
          actions: assign({
            pending: ({ event }) => ({ image: event.image, decision: "approved" as const }),
            reason: "",
            message: null,
          }),
        },
        "reject.open": {
          target: "rejecting",
          actions: assign({
            pending: ({ event }) => ({ image: event.image, decision: "rejected" as const }),
            reason: "",
            message: null,
          }),
        },
      },
    },
    rejecting: {
      description: "The reason for rejecting one photo is typed; Reject needs it.",
      on: {
        "reason.change": { actions: assign({ reason: ({ event }) => event.value, message: null }) },
        "reject.confirm": [
          { guard: "reasonGiven", target: "saving" },
          { actions: assign({ message: REJECT_REASON_REQUIRED }) },
        ],
        "reject.cancel": { target: "ready", actions: assign({ pending: null, reason: "", message: null }) },
      },
    },
    saving: {
      description: "The decision is saved at the version read.",
      tags: ["busy"],
      invoke: {
        id: "decide",
        src: "decide",
        input: ({ context }) => ({
          projectSlug: context.projectSlug,
          slug: context.slug,
          imageId: context.pending!.image.id,
          decision: context.pending!.decision,
          reason: context.pending!.decision === "rejected" ? context.reason.trim() : null,
          version: context.pending!.image.version,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.type === "saved",
            target: "loading",
            actions: [
              {
                type: "notifySaved",
                params: ({ context }) => ({
                  text: photoDecisionSaved(context.pending!.decision, context.pending!.image.outlet.rsid),
                }),
              },
              assign({ pending: null, reason: "" }),
            ],
          },
          {
            guard: ({ event }) => event.output.type === "conflict",
            target: "loading",
            actions: assign({
              pending: null,
              reason: "",
              message: ({ event }) => (event.output.type === "conflict" ? event.output.detail : null),
            }),
          },
          {
            target: "ready",
            actions: assign({
              pending: null,
              message: ({ event }) => (event.output.type === "refused" ? event.output.detail : null),
            }),
          },
        ],
        onError: { target: "ready", actions: assign({ pending: null, message: PHOTO_DECISION_NOT_SAVED }) },
      },
    },
  },
});
