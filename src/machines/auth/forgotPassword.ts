/**
 * Forgot password: user name, a code sent to the user, verification, then a new password.
 * The first steps show at /forgot-password, the new password at /reset-password.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import type { FieldErrors, FormOutcome, VerifyCodeOutcome } from "../../domain/auth/auth";
import { passwordProblems } from "../../domain/auth/password";

export type ForgotPasswordEvent =
  | { type: "username.change"; value: string }
  | { type: "code.change"; value: string }
  | { type: "newPassword.change"; value: string }
  | { type: "confirmPassword.change"; value: string }
  | { type: "code.request" }
  | { type: "code.resend" }
  | { type: "code.submit" }
  | { type: "password.submit" };

export type ForgotPasswordContext = {
  username: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
  resetToken: string;
  problems: readonly string[];
  fieldErrors: FieldErrors;
  detail: string | null;
};

const initialContext: ForgotPasswordContext = {
  username: "",
  code: "",
  newPassword: "",
  confirmPassword: "",
  resetToken: "",
  problems: [],
  fieldErrors: {},
  detail: null,
};

const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output;

export const forgotPasswordMachine = setup({
  types: {} as { context: ForgotPasswordContext; events: ForgotPasswordEvent },
  actors: {
    sendCode: fromPromise<FormOutcome, { login_username: string }>(async () => {
      throw new Error("sendCode is provided by the application");
    }),
    verifyCode: fromPromise<VerifyCodeOutcome, { login_username: string; code: string }>(async () => {
      throw new Error("verifyCode is provided by the application");
    }),
    changePassword: fromPromise<
      FormOutcome,
      { login_username: string; reset_token: string; new_password: string; confirm_password: string }
    >(async () => {
      throw new Error("changePassword is provided by the application");
    }),
  },
  actions: {
    clearMessages: assign({ fieldErrors: {}, detail: null, problems: [] }),
    showResetPassword: () => {},
    finished: (_, _params: { detail: string }) => {},
    assignInvalid: assign(({ event }) => {
      const invalid = outputOf<Extract<FormOutcome, { type: "invalid" }>>(event);
      return { fieldErrors: invalid.fieldErrors, detail: invalid.detail };
    }),
    assignUnexpected: assign({ detail: "Something went wrong. Please try again." }),
  },
  guards: {
    outcomeIs: ({ event }, params: { type: string }) =>
      outputOf<{ type: string }>(event).type === params.type,
    passwordAcceptable: ({ context }) =>
      passwordProblems(context.newPassword, context.confirmPassword).length === 0,
  },
}).createMachine({
  id: "forgotPassword",
  description: "Resetting a forgotten password with a code sent to the user.",
  context: initialContext,
  initial: "enteringUsername",
  states: {
    enteringUsername: {
      description: "The user types the user name to send a code to.",
      on: {
        "username.change": { actions: assign({ username: ({ event }) => event.value }) },
        "code.request": { target: "sendingCode" },
      },
    },
    sendingCode: {
      tags: ["busy"],
      description: "Asking the server to send a verification code.",
      entry: "clearMessages",
      invoke: {
        id: "sendCode",
        src: "sendCode",
        input: ({ context }) => ({ login_username: context.username.trim() }),
        onDone: [
          { guard: { type: "outcomeIs", params: { type: "ok" } }, target: "enteringCode" },
          { target: "enteringUsername", actions: "assignInvalid" },
        ],
        onError: { target: "enteringUsername", actions: "assignUnexpected" },
      },
    },
    enteringCode: {
      tags: ["codeStep"],
      description: "A code was sent: the user types it, or asks for another.",
      on: {
        "code.change": { actions: assign({ code: ({ event }) => event.value }) },
        "code.submit": { target: "verifying" },
        "code.resend": { target: "sendingCode" },
      },
    },
    verifying: {
      tags: ["codeStep", "busy"],
      description: "Checking the code with the server.",
      entry: "clearMessages",
      invoke: {
        id: "verifyCode",
        src: "verifyCode",
        input: ({ context }) => ({ login_username: context.username.trim(), code: context.code.trim() }),
        onDone: [
          {
            guard: { type: "outcomeIs", params: { type: "verified" } },
            target: "choosingPassword",
            actions: [
              assign({
                resetToken: ({ event }) =>
                  (event.output as Extract<VerifyCodeOutcome, { type: "verified" }>).resetToken,
              }),
              "showResetPassword",
            ],
          },
          {
            guard: { type: "outcomeIs", params: { type: "spent" } },
            target: "codeSpent",
            actions: assign({
              detail: ({ event }) => (event.output as Extract<VerifyCodeOutcome, { type: "spent" }>).detail,
              code: "",
            }),
          },
          { target: "enteringCode", actions: "assignInvalid" },
        ],
        onError: { target: "enteringCode", actions: "assignUnexpected" },
      },
    },
    codeSpent: {
      tags: ["codeStep"],
      description: "Too many wrong codes spent this one: the user can only ask for a new code.",
      on: {
        "code.resend": { target: "sendingCode" },
      },
    },
    choosingPassword: {
      tags: ["newPassword"],
      description: "Code verified: the user chooses a new password that meets the rules, typed twice.",
      on: {
        "newPassword.change": { actions: assign({ newPassword: ({ event }) => event.value }) },
        "confirmPassword.change": { actions: assign({ confirmPassword: ({ event }) => event.value }) },
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
      tags: ["newPassword", "busy"],
      description: "Saving the new password.",
      entry: "clearMessages",
      invoke: {
        id: "changePassword",
        src: "changePassword",
        input: ({ context }) => ({
          login_username: context.username.trim(),
          reset_token: context.resetToken,
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
          { target: "choosingPassword", actions: "assignInvalid" },
        ],
        onError: { target: "choosingPassword", actions: "assignUnexpected" },
      },
    },
    done: {
      description: "The password is changed; the user signs in with it.",
      type: "final",
    },
  },
});
