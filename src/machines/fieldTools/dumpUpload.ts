/**
 * The field app dump upload form (spec 002 §2.9): a dump file and the field app user it belongs
 * to. The upload answers at once with a processing job; the History shows how its check ends.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import { DUMP_MSG } from "../../domain/fieldTools/fieldTools";

export type DumpUploadOutcome = { type: "accepted" } | { type: "rejected"; message: string };

export type DumpUploadEvent =
  | { type: "field.file"; file: File | null }
  | { type: "field.user"; id: number | null }
  | { type: "form.submit" };

export type DumpUploadContext = {
  file: File | null;
  fieldAppUser: number | null;
  errors: { uploaded_file?: string; field_app_user?: string };
  /** The server's refusal of the upload. */
  serverMessage: string | null;
  /** Bumped after each upload so the file input starts empty again. */
  resets: number;
};

type DumpErrors = DumpUploadContext["errors"];
/** The errors without one field's message. */
function without(errors: DumpErrors, field: keyof DumpErrors): DumpErrors {
  const out = { ...errors };
  delete out[field];
  return out;
}

/** A message for each field still empty. */
export function dumpFormErrors(file: File | null, fieldAppUser: number | null): DumpErrors {
  return {
    ...(file === null ? { uploaded_file: DUMP_MSG.fileRequired } : {}),
    ...(fieldAppUser === null ? { field_app_user: DUMP_MSG.userRequired } : {}),
  };
}

const outcome = (event: unknown) => (event as DoneActorEvent<DumpUploadOutcome>).output;

export const dumpUploadMachine = setup({
  types: {} as { context: DumpUploadContext; events: DumpUploadEvent },
  actors: {
    uploadDump: fromPromise<DumpUploadOutcome, { file: File; fieldAppUser: number }>(async () => {
      throw new Error("uploadDump is provided by the application");
    }),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => {},
    notifyFailure: (_, _params: { text: string }) => {},
    /** The History is read again. */
    dumpsChanged: () => {},
  },
  guards: {
    complete: ({ context }) => context.file !== null && context.fieldAppUser !== null,
    outcomeIs: ({ event }, params: { type: DumpUploadOutcome["type"] }) =>
      outcome(event).type === params.type,
  },
}).createMachine({
  id: "dumpUpload",
  description: "The field app dump upload: a file and its field app user, sent as a job.",
  context: { file: null, fieldAppUser: null, errors: {}, serverMessage: null, resets: 0 },
  initial: "editing",
  states: {
    editing: {
      description: "The user picks the dump file and the field app user.",
      on: {
        "field.file": {
          actions: assign(({ context, event }) => ({
            file: event.file,
            errors: without(context.errors, "uploaded_file"),
            serverMessage: null,
          })),
        },
        "field.user": {
          actions: assign(({ context, event }) => ({
            fieldAppUser: event.id,
            errors: without(context.errors, "field_app_user"),
          })),
        },
        "form.submit": [
          { guard: "complete", target: "uploading", actions: assign({ errors: {}, serverMessage: null }) },
          {
            actions: assign({ errors: ({ context }) => dumpFormErrors(context.file, context.fieldAppUser) }),
          },
        ],
      },
    },
    uploading: {
      tags: ["busy"],
      description: "The dump is on its way to the server.",
      invoke: {
        id: "uploadDump",
        src: "uploadDump",
        input: ({ context }) => ({
          file: context.file as File,
          fieldAppUser: context.fieldAppUser as number,
        }),
        onDone: [
          {
            guard: { type: "outcomeIs", params: { type: "accepted" } },
            target: "editing",
            actions: [
              assign({ file: null, fieldAppUser: null, resets: ({ context }) => context.resets + 1 }),
              { type: "notifySuccess", params: { text: DUMP_MSG.uploaded } },
              "dumpsChanged",
            ],
          },
          {
            target: "editing",
            actions: assign({
              serverMessage: ({ event }) => (outcome(event) as { message: string }).message,
            }),
          },
        ],
        onError: {
          target: "editing",
          actions: { type: "notifyFailure", params: { text: DUMP_MSG.failed } },
        },
      },
    },
  },
});
