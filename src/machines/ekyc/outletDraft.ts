/**
 * A new outlet drafted on the field auditor's phone (docs/field-user.md, "Adding an outlet"): the
 * phone keeps each change, Use my location reads the phone's position, and Send sends the draft
 * under the key it was made with. A lost connection keeps the draft, frozen as it was sent, until
 * Send again reaches the server; the server makes one outlet per key, so a retry after a lost answer
 * makes none twice. Continuing a draft that was sent before starts it waiting to be sent again.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import {
  type DraftProblems,
  type DraftSendOutcome,
  draftProblems,
  type Location,
  MAX_PHOTOS,
  mayBeSent,
  type OutletDraftFields,
  type Photo,
  type SentOutlet,
} from "../../domain/ekyc/fieldCapture";

/** The fields typed into the form. */
export type DraftTextField =
  | "sub_project"
  | "place"
  | "name"
  | "owner_name"
  | "phone"
  | "phone2"
  | "address"
  | "pin";

/** What the phone keeps of a draft; `attempted` once it has been sent, so its fields stay as sent. */
export type StoredDraft = { key: string; fields: OutletDraftFields; attempted: boolean };

export type OutletDraftInput = StoredDraft;

export type OutletDraftContext = {
  key: string;
  fields: OutletDraftFields;
  attempted: boolean;
  /** Opened from the phone's store after being sent: it starts waiting to be sent again. */
  resumed: boolean;
  problems: DraftProblems;
  detail: string | null;
  outlet: SentOutlet | null;
};

export type OutletDraftEvent =
  | { type: "field.change"; field: DraftTextField; value: string }
  | { type: "photo.add"; photo: Photo }
  | { type: "photo.remove"; index: number }
  | { type: "locate" }
  | { type: "send" };

export const LOCATION_FAILED = "Your location could not be read. Allow location for this site and try again.";

const outcome = (event: unknown) => (event as DoneActorEvent<DraftSendOutcome>).output;
const hasProblems = (p: DraftProblems) => Object.keys(p).length > 0;
/** Problems shown so far are checked again as the auditor mends them. */
const recheck = (context: OutletDraftContext, fields: OutletDraftFields): DraftProblems =>
  hasProblems(context.problems) ? draftProblems(fields) : {};

export const outletDraftMachine = setup({
  types: {} as { context: OutletDraftContext; events: OutletDraftEvent; input: OutletDraftInput },
  actors: {
    locate: fromPromise<Location, void>(async () => {
      throw new Error("locate is provided by the application");
    }),
    sendDraft: fromPromise<DraftSendOutcome, { key: string; fields: OutletDraftFields }>(async () => {
      throw new Error("sendDraft is provided by the application");
    }),
  },
  actions: {
    /** The phone keeps the draft as it now stands. */
    keepDraft: (_, _params: StoredDraft) => {},
    /** The phone forgets a draft the server has made its outlet from. */
    forgetDraft: (_, _params: { key: string }) => {},
  },
  guards: {
    resumed: ({ context }) => context.resumed,
    complete: ({ context }) => mayBeSent(context.fields),
    roomForPhoto: ({ context }) => context.fields.photos.length < MAX_PHOTOS,
    sent: ({ event }) => outcome(event).type === "sent",
  },
}).createMachine({
  id: "outletDraft",
  description: "A new outlet drafted on the phone, kept there until the server has made it once.",
  context: ({ input }) => ({
    key: input.key,
    fields: input.fields,
    attempted: input.attempted,
    resumed: input.attempted,
    problems: {},
    detail: null,
    outlet: null,
  }),
  initial: "editing",
  states: {
    editing: {
      description:
        "The auditor types, takes photos and reads the location; each change is kept on the phone. A draft sent before goes on waiting to be sent again.",
      always: { guard: "resumed", target: "offline", actions: assign({ resumed: false }) },
      on: {
        "field.change": {
          actions: [
            assign(({ context, event }) => {
              const fields = { ...context.fields, [event.field]: event.value };
              return { fields, problems: recheck(context, fields), detail: null };
            }),
            {
              type: "keepDraft",
              params: ({ context }) => ({ key: context.key, fields: context.fields, attempted: false }),
            },
          ],
        },
        "photo.add": {
          guard: "roomForPhoto",
          actions: [
            assign(({ context, event }) => {
              const fields = { ...context.fields, photos: [...context.fields.photos, event.photo] };
              return { fields, problems: recheck(context, fields) };
            }),
            {
              type: "keepDraft",
              params: ({ context }) => ({ key: context.key, fields: context.fields, attempted: false }),
            },
          ],
        },
        "photo.remove": {
          actions: [
            assign(({ context, event }) => {
              const fields = {
                ...context.fields,
                photos: context.fields.photos.filter((_, i) => i !== event.index),
              };
              return { fields, problems: recheck(context, fields) };
            }),
            {
              type: "keepDraft",
              params: ({ context }) => ({ key: context.key, fields: context.fields, attempted: false }),
            },
          ],
        },
        locate: "locating",
        send: [
          { guard: "complete", target: "sending" },
          { actions: assign(({ context }) => ({ problems: draftProblems(context.fields) })) },
        ],
      },
    },
    locating: {
      description: "The phone is asked where it is; the form waits.",
      tags: ["busy"],
      entry: assign({ detail: null }),
      invoke: {
        id: "locate",
        src: "locate",
        onDone: {
          target: "editing",
          actions: [
            assign(({ context, event }) => {
              const fields = { ...context.fields, location: event.output };
              return { fields, problems: recheck(context, fields) };
            }),
            {
              type: "keepDraft",
              params: ({ context }) => ({ key: context.key, fields: context.fields, attempted: false }),
            },
          ],
        },
        onError: { target: "editing", actions: assign({ detail: LOCATION_FAILED }) },
      },
    },
    sending: {
      description:
        "The draft is sent under its key; it is kept on the phone, frozen as sent, until answered.",
      tags: ["busy"],
      entry: [
        assign({ attempted: true, detail: null, problems: {} }),
        {
          type: "keepDraft",
          params: ({ context }) => ({ key: context.key, fields: context.fields, attempted: true }),
        },
      ],
      invoke: {
        id: "sendDraft",
        src: "sendDraft",
        input: ({ context }) => ({ key: context.key, fields: context.fields }),
        onDone: [
          {
            guard: "sent",
            target: "sent",
            actions: [
              assign(({ event }) => {
                const out = outcome(event);
                return { outlet: out.type === "sent" ? out.outlet : null };
              }),
              { type: "forgetDraft", params: ({ context }) => ({ key: context.key }) },
            ],
          },
          {
            // A refused draft never made an outlet: it opens for mending, kept as not sent.
            target: "editing",
            actions: [
              assign(({ event }) => {
                const out = outcome(event);
                return { attempted: false, detail: out.type === "refused" ? out.detail : null };
              }),
              {
                type: "keepDraft",
                params: ({ context }) => ({ key: context.key, fields: context.fields, attempted: false }),
              },
            ],
          },
        ],
        onError: { target: "offline" },
      },
    },
    offline: {
      description:
        "The server was not reached: the draft stays on the phone as sent, and Send tries the same key again.",
      on: { send: "sending" },
    },
    sent: {
      type: "final",
      description:
        "The server made the outlet (or had made it from an earlier send): its RSID is shown and the phone forgot the draft.",
    },
  },
});
