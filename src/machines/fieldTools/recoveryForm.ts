/**
 * The outlet field recovery form (spec 002 §2.8, §5): project, sub-project, auditor (each choice
 * clears the ones below it), the comma-separated RSIDs and the survey date. Submit checks every
 * field at once with the domain's rule; the server may still refuse with its own message.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import {
  RECOVERY_MSG,
  type RecoveryField,
  type RecoveryFormErrors,
  type RecoveryFormValues,
  type RecoverySubmission,
  recoveryFormErrors,
  recoverySubmission,
} from "../../domain/fieldTools/fieldTools";

/** The create answered: sent, or refused with the message to show under the RSIDs. */
export type RecoveryCreateOutcome = { type: "sent" } | { type: "refused"; message: string };

export type RecoveryFormEvent =
  | { type: "field.project"; id: number | null }
  | { type: "field.subProject"; id: number | null }
  | { type: "field.auditor"; id: number | null }
  | { type: "field.rsids"; text: string }
  | { type: "field.date"; date: string }
  /** `today` is the user's date (YYYY-MM-DD) when they press Submit. */
  | { type: "form.submit"; today: string };

export type RecoveryFormContext = {
  values: RecoveryFormValues;
  errors: RecoveryFormErrors;
  /** The server's refusal, shown under the RSIDs. */
  serverMessage: string | null;
};

export const EMPTY_RECOVERY_FORM: RecoveryFormValues = {
  projectId: null,
  subProjectId: null,
  auditorId: null,
  rsidText: "",
  dateUploaded: "",
};

/** The errors without the named fields' messages. */
function without(errors: RecoveryFormErrors, ...fields: RecoveryField[]): RecoveryFormErrors {
  const out = { ...errors };
  for (const field of fields) delete out[field];
  return out;
}

const outcome = (event: unknown) => (event as DoneActorEvent<RecoveryCreateOutcome>).output;
const withValues = (context: RecoveryFormContext, change: Partial<RecoveryFormValues>) => ({
  ...context.values,
  ...change,
});

export const recoveryFormMachine = setup({
  types: {} as { context: RecoveryFormContext; events: RecoveryFormEvent },
  actors: {
    createRecovery: fromPromise<RecoveryCreateOutcome, RecoverySubmission>(async () => {
      throw new Error("createRecovery is provided by the application");
    }),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => {},
    notifyFailure: (_, _params: { text: string }) => {},
    /** The recovery table is read again. */
    requestsChanged: () => {},
  },
  guards: {
    hasErrors: ({ context, event }) =>
      Object.keys(recoveryFormErrors(context.values, (event as { today: string }).today)).length > 0,
    outcomeIs: ({ event }, params: { type: RecoveryCreateOutcome["type"] }) =>
      outcome(event).type === params.type,
  },
}).createMachine({
  id: "recoveryForm",
  description: "The outlet field recovery form: choices, RSIDs and date, checked, then sent.",
  context: { values: EMPTY_RECOVERY_FORM, errors: {}, serverMessage: null },
  initial: "editing",
  states: {
    editing: {
      description: "The user fills the form; a field's message clears when the field changes.",
      on: {
        "field.project": {
          actions: assign(({ context, event }) => ({
            values: withValues(context, { projectId: event.id, subProjectId: null, auditorId: null }),
            errors: without(context.errors, "project", "sub_project", "auditor"),
          })),
        },
        "field.subProject": {
          actions: assign(({ context, event }) => ({
            values: withValues(context, { subProjectId: event.id, auditorId: null }),
            errors: without(context.errors, "sub_project", "auditor"),
          })),
        },
        "field.auditor": {
          actions: assign(({ context, event }) => ({
            values: withValues(context, { auditorId: event.id }),
            errors: without(context.errors, "auditor"),
          })),
        },
        "field.rsids": {
          actions: assign(({ context, event }) => ({
            values: withValues(context, { rsidText: event.text }),
            errors: without(context.errors, "rsid_list"),
            serverMessage: null,
          })),
        },
        "field.date": {
          actions: assign(({ context, event }) => ({
            values: withValues(context, { dateUploaded: event.date }),
            errors: without(context.errors, "date_uploaded"),
          })),
        },
        "form.submit": [
          {
            guard: "hasErrors",
            actions: [
              assign({
                errors: ({ context, event }) => recoveryFormErrors(context.values, event.today),
                serverMessage: null,
              }),
              { type: "notifyFailure", params: { text: RECOVERY_MSG.failed } },
            ],
          },
          { target: "submitting", actions: assign({ errors: {}, serverMessage: null }) },
        ],
      },
    },
    submitting: {
      tags: ["busy"],
      description: "The request is on its way to the server.",
      invoke: {
        id: "createRecovery",
        src: "createRecovery",
        input: ({ context }) => recoverySubmission(context.values),
        onDone: [
          {
            guard: { type: "outcomeIs", params: { type: "sent" } },
            target: "editing",
            actions: [
              assign({ values: EMPTY_RECOVERY_FORM }),
              { type: "notifySuccess", params: { text: RECOVERY_MSG.sent } },
              "requestsChanged",
            ],
          },
          {
            target: "editing",
            actions: [
              assign({
                serverMessage: ({ event }) => (outcome(event) as { message: string }).message,
              }),
              { type: "notifyFailure", params: { text: RECOVERY_MSG.failed } },
            ],
          },
        ],
        onError: {
          target: "editing",
          actions: { type: "notifyFailure", params: { text: RECOVERY_MSG.failed } },
        },
      },
    },
  },
});
