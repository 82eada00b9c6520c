/**
 * Edit Outlet Information (spec 001 §2.5, §3, §5.5): the form's values, proof image uploads (at
 * most 3 per kind), the checks on submit shared with the server, and the submission that becomes
 * pending retailer requests. A PAN, GST or account number, once changed to a valid value and left,
 * takes no further edits.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import {
  type EditValues,
  editProblems,
  LOCK_ONCE_EDITED,
  MAX_PROOF_IMAGES,
  type OutletEditData,
  PROOF_KINDS,
  type ProofKind,
  type TextField,
} from "../../domain/outlets/outletEdit";
import type { FieldErrors } from "../../domain/shared/requestInput";
import { MAX_IMAGES_MESSAGE } from "../../domain/shared/widgets";

export type ProofImage = { id: number; image: string };
export type UploadOutcome = { type: "ok"; image: ProofImage } | { type: "refused"; message: string };
export type SubmitOutcome = { type: "ok"; detail: string } | { type: "invalid"; errors: FieldErrors };
export type OutletEditInput = { slug: string; values: EditValues };
export type OutletEditContext = {
  slug: string;
  values: EditValues;
  original: EditValues;
  errors: FieldErrors;
  locked: readonly TextField[];
  images: Readonly<Record<ProofKind, readonly ProofImage[]>>;
  /** The proof image on its way, with its kind. */
  uploading: { kind: ProofKind; file: File } | null;
};
export type OutletEditEvent =
  | { type: "field.change"; field: TextField; value: string }
  | { type: "field.blur"; field: TextField }
  | { type: "image.add"; kind: ProofKind; file: File }
  | { type: "image.remove"; kind: ProofKind; id: number }
  | { type: "submit" };

const noImages = () =>
  Object.fromEntries(PROOF_KINDS.map((k) => [k, []])) as unknown as OutletEditContext["images"];
const without = (errors: FieldErrors, key: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));
/** The submission's data: every field and the ids of the images of each kind. */
export const submission = (c: Pick<OutletEditContext, "values" | "images">): OutletEditData => ({
  ...c.values,
  ...(Object.fromEntries(PROOF_KINDS.map((k) => [k, c.images[k].map((i) => i.id)])) as Record<
    ProofKind,
    number[]
  >),
});
const uploaded = (event: unknown) => (event as DoneActorEvent<UploadOutcome>).output;
const submitted = (event: unknown) => (event as DoneActorEvent<SubmitOutcome>).output;

export const outletEditMachine = setup({
  types: {} as { context: OutletEditContext; events: OutletEditEvent; input: OutletEditInput },
  actors: {
    uploadImage: fromPromise<UploadOutcome, { slug: string; kind: ProofKind; file: File }>(async () => {
      throw new Error("uploadImage is provided by the application");
    }),
    submitEdit: fromPromise<SubmitOutcome, { slug: string; data: OutletEditData }>(async () => {
      throw new Error("submitEdit is provided by the application");
    }),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => {},
    saved: () => {},
  },
  guards: {
    unlocked: ({ context, event }) => event.type === "field.change" && !context.locked.includes(event.field),
    locksNow: ({ context, event }) =>
      event.type === "field.blur" &&
      LOCK_ONCE_EDITED.includes(event.field) &&
      !context.locked.includes(event.field) &&
      context.values[event.field] !== context.original[event.field] &&
      editProblems(context.values)[event.field] === undefined,
    roomForImage: ({ context, event }) =>
      event.type === "image.add" && context.images[event.kind].length < MAX_PROOF_IMAGES,
    valid: ({ context }) => Object.keys(editProblems(context.values)).length === 0,
    uploadedOk: ({ event }) => uploaded(event).type === "ok",
    submittedOk: ({ event }) => submitted(event).type === "ok",
  },
}).createMachine({
  id: "outletEdit",
  description: "The Edit Outlet Information form of one outlet.",
  context: ({ input }) => ({
    slug: input.slug,
    values: input.values,
    original: input.values,
    errors: {},
    locked: [],
    images: noImages(),
    uploading: null,
  }),
  initial: "editing",
  states: {
    editing: {
      description: "The form takes changes, image uploads and Submit.",
      on: {
        "field.change": {
          guard: "unlocked",
          // A field's error clears once its value is valid (§5.5).
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value };
            const stillWrong = editProblems(values)[event.field] !== undefined;
            return { values, errors: stillWrong ? context.errors : without(context.errors, event.field) };
          }),
        },
        "field.blur": {
          guard: "locksNow",
          actions: assign({ locked: ({ context, event }) => [...context.locked, event.field] }),
        },
        "image.add": [
          {
            guard: "roomForImage",
            target: "uploading",
            actions: assign(({ context, event }) => ({
              uploading: { kind: event.kind, file: event.file },
              errors: without(context.errors, event.kind),
            })),
          },
          {
            actions: assign({
              errors: ({ context, event }) => ({ ...context.errors, [event.kind]: [MAX_IMAGES_MESSAGE] }),
            }),
          },
        ],
        "image.remove": {
          actions: assign({
            images: ({ context, event }) => ({
              ...context.images,
              [event.kind]: context.images[event.kind].filter((i) => i.id !== event.id),
            }),
          }),
        },
        // The checks of §5.5 on every field first: only a valid form is sent.
        submit: [
          { guard: "valid", target: "submitting", actions: assign({ errors: {} }) },
          { actions: assign({ errors: ({ context }) => editProblems(context.values) }) },
        ],
      },
    },
    uploading: {
      tags: ["busy"],
      description: "One proof image is being uploaded.",
      invoke: {
        id: "uploadImage",
        src: "uploadImage",
        input: ({ context }) => ({ slug: context.slug, ...context.uploading! }),
        onDone: [
          {
            guard: "uploadedOk",
            target: "editing",
            actions: assign(({ context, event }) => {
              const kind = context.uploading!.kind;
              const image = (uploaded(event) as Extract<UploadOutcome, { type: "ok" }>).image;
              return {
                uploading: null,
                images: { ...context.images, [kind]: [...context.images[kind], image] },
              };
            }),
          },
          {
            target: "editing",
            actions: assign(({ context, event }) => ({
              uploading: null,
              errors: {
                ...context.errors,
                [context.uploading!.kind]: [
                  (uploaded(event) as Extract<UploadOutcome, { type: "refused" }>).message,
                ],
              },
            })),
          },
        ],
        onError: { target: "editing", actions: assign({ uploading: null }) },
      },
    },
    submitting: {
      tags: ["busy"],
      description: "The edit is sent; it becomes pending retailer requests.",
      invoke: {
        id: "submitEdit",
        src: "submitEdit",
        input: ({ context }) => ({ slug: context.slug, data: submission(context) }),
        onDone: [
          {
            guard: "submittedOk",
            target: "done",
            actions: [
              {
                type: "notifySuccess",
                params: ({ event }: { event: unknown }) => ({
                  text: (submitted(event) as Extract<SubmitOutcome, { type: "ok" }>).detail,
                }),
              },
              "saved",
            ],
          },
          {
            target: "editing",
            actions: assign({
              errors: ({ event }) => (submitted(event) as Extract<SubmitOutcome, { type: "invalid" }>).errors,
            }),
          },
        ],
        onError: { target: "editing" },
      },
    },
    done: { type: "final", description: "Sent: the screen returns to the outlet's information." },
  },
});
