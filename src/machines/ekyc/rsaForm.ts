/**
 * The retailer service agreement filled on the phone (docs/field-user.md, "The retailer service
 * agreement"): the signatory, the signing date, the retailer's consent and a photo of each signed
 * page; Send records it and its status becomes pending verification. A lost connection keeps the
 * form as it is, and Send tries again: recording the agreement twice leaves the same one.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import {
  BLANK_RSA,
  MAX_PHOTOS,
  type Photo,
  type RsaDetail,
  type RsaFields,
  type RsaProblems,
  type RsaSendOutcome,
  rsaProblems,
} from "../../domain/ekyc/fieldCapture";

export type RsaTextField = "signatory_name" | "signatory_phone" | "signed_on";

export type RsaFormInput = { rsid: string; today: string };

export type RsaFormContext = RsaFormInput & {
  fields: RsaFields;
  problems: RsaProblems;
  detail: string | null;
  sent: RsaDetail | null;
};

export type RsaFormEvent =
  | { type: "field.change"; field: RsaTextField; value: string }
  | { type: "agreed.change"; value: boolean }
  | { type: "photo.add"; photo: Photo }
  | { type: "photo.remove"; index: number }
  | { type: "send" };

export const RSA_NOT_SENT =
  "No connection: the agreement was not sent. Send it again when you are back online.";

const outcome = (event: unknown) => (event as DoneActorEvent<RsaSendOutcome>).output;
const recheck = (context: RsaFormContext, fields: RsaFields): RsaProblems =>
  Object.keys(context.problems).length > 0 ? rsaProblems(fields, context.today) : {};

export const rsaFormMachine = setup({
  types: {} as { context: RsaFormContext; events: RsaFormEvent; input: RsaFormInput },
  actors: {
    sendRsa: fromPromise<RsaSendOutcome, { rsid: string; fields: RsaFields }>(async () => {
      throw new Error("sendRsa is provided by the application");
    }),
  },
  guards: {
    complete: ({ context }) => Object.keys(rsaProblems(context.fields, context.today)).length === 0,
    roomForPhoto: ({ context }) => context.fields.photos.length < MAX_PHOTOS,
    sent: ({ event }) => outcome(event).type === "sent",
  },
}).createMachine({
  id: "rsaForm",
  description: "The retailer service agreement of one outlet, filled on the phone and sent for verification.",
  context: ({ input }) => ({ ...input, fields: BLANK_RSA, problems: {}, detail: null, sent: null }),
  initial: "editing",
  states: {
    editing: {
      description: "The auditor fills the agreement's fields and takes a photo of each signed page.",
      on: {
        "field.change": {
          actions: assign(({ context, event }) => {
            const fields = { ...context.fields, [event.field]: event.value };
            return { fields, problems: recheck(context, fields) };
          }),
        },
        "agreed.change": {
          actions: assign(({ context, event }) => {
            const fields = { ...context.fields, agreed: event.value };
            return { fields, problems: recheck(context, fields) };
          }),
        },
        "photo.add": {
          guard: "roomForPhoto",
          actions: assign(({ context, event }) => {
            const fields = { ...context.fields, photos: [...context.fields.photos, event.photo] };
            return { fields, problems: recheck(context, fields) };
          }),
        },
        "photo.remove": {
          actions: assign(({ context, event }) => {
            const fields = {
              ...context.fields,
              photos: context.fields.photos.filter((_, i) => i !== event.index),
            };
            return { fields, problems: recheck(context, fields) };
          }),
        },
        send: [
          { guard: "complete", target: "sending" },
          { actions: assign(({ context }) => ({ problems: rsaProblems(context.fields, context.today) })) },
        ],
      },
    },
    sending: {
      description: "The agreement and its photos are sent; the form waits.",
      tags: ["busy"],
      entry: assign({ detail: null, problems: {} }),
      invoke: {
        id: "sendRsa",
        src: "sendRsa",
        input: ({ context }) => ({ rsid: context.rsid, fields: context.fields }),
        onDone: [
          {
            guard: "sent",
            target: "sent",
            actions: assign(({ event }) => {
              const out = outcome(event);
              return { sent: out.type === "sent" ? out.detail : null };
            }),
          },
          {
            target: "editing",
            actions: assign(({ event }) => {
              const out = outcome(event);
              return { detail: out.type === "refused" ? out.detail : null };
            }),
          },
        ],
        onError: { target: "editing", actions: assign({ detail: RSA_NOT_SENT }) },
      },
    },
    sent: {
      type: "final",
      description: "The agreement is recorded and waits for verification; its detail is shown.",
    },
  },
});
