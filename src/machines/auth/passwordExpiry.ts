/** The password expiry change: an expired password must be replaced before signing in. */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import type { FieldErrors, FormOutcome } from "../../domain/auth/auth";
import { passwordProblems } from "../../domain/auth/password";

type Field = "username" | "oldPassword" | "newPassword" | "confirmPassword";

export type PasswordExpiryEvent =
  | { type: "field.change"; field: Field; value: string }
  | { type: "password.submit" };

export type PasswordExpiryContext = Record<Field, string> & {
  problems: readonly string[];
  fieldErrors: FieldErrors;
  detail: string | null;
};

export type PasswordExpiryInput = { username: string };

const outputOf = (event: unknown) => (event as DoneActorEvent<FormOutcome>).output;

export const passwordExpiryMachine = setup({
  types: {} as { context: PasswordExpiryContext; events: PasswordExpiryEvent; input: PasswordExpiryInput },
  actors: {
    changeExpiredPassword: fromPromise<
      FormOutcome,
      { login_username: string; old_password: string; new_password: string; confirm_password: string }
    >(async () => {
      throw new Error("changeExpiredPassword is provided by the application");
    }),
  },
  actions: {
    finished: (_, _params: { detail: string }) => {},
  },
  guards: {
    passwordAcceptable: ({ context }) =>
      passwordProblems(context.newPassword, context.confirmPassword).length === 0,
    outcomeIs: ({ event }, params: { type: FormOutcome["type"] }) => outputOf(event).type === params.type,
  },
}).createMachine({
  id: "passwordExpiry",
  description: "Replacing an expired password before signing in.",
  context: ({ input }) => ({
    username: input.username,
    oldPassword: "",
    newPassword: "",
    confirmPassword: "",
    problems: [],
    fieldErrors: {},
    detail: null,
  }),
  initial: "editing",
  states: {
    editing: {
      description:
        "The user types the current password and a new one twice; rule problems show before sending.",
      on: {
        "field.change": { actions: assign(({ event }) => ({ [event.field]: event.value })) },
        "password.submit": [
          { guard: "passwordAcceptable", target: "changing" },
          {
            actions: assign({
              problems: ({ context }) => passwordProblems(context.newPassword, context.confirmPassword),
            }),
          },
        ],
      },
    },
    changing: {
      description: "Saving the new password.",
      entry: assign({ problems: [], fieldErrors: {}, detail: null }),
      invoke: {
        id: "changeExpiredPassword",
        src: "changeExpiredPassword",
        input: ({ context }) => ({
          login_username: context.username.trim(),
          old_password: context.oldPassword,
          new_password: context.newPassword,
          confirm_password: context.confirmPassword,
        }),
        onDone: [
          {
            guard: { type: "outcomeIs", params: { type: "ok" } },
            target: "done",
            actions: {
              type: "finished",
              params: ({ event }) => ({
                detail: (event.output as Extract<FormOutcome, { type: "ok" }>).detail,
              }),
            },
          },
          {
            target: "editing",
            actions: assign(({ event }) => {
              const invalid = outputOf(event) as Extract<FormOutcome, { type: "invalid" }>;
              return { fieldErrors: invalid.fieldErrors, detail: invalid.detail };
            }),
          },
        ],
        onError: {
          target: "editing",
          actions: assign({ detail: "Something went wrong. Please try again." }),
        },
      },
    },
    done: {
      description: "The password is changed; the user signs in with the new one.",
      type: "final",
    },
  },
});
