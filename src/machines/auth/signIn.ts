/**
 * Staff sign-in (spec 000 §8, 002 §4): a 451 met elsewhere and kept under key 451 shown first,
 * credentials, the server's answers as values, the 451 session conflict with "Logout All Session"
 * and a retry, and the expired-password detour. A two-step account (docs/auth.md) goes on from a
 * right password to the code sent to its mobile (/verify-otp, with the e-KYC sign-in's 30 s Resend
 * countdown); a spent code or an expired step asks for the password again (/mfa-password).
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import type {
  FieldErrors,
  LoginOutcome,
  LoginRequest,
  LoginResponse,
  SessionConflictBody,
  UserDetails,
} from "../../domain/auth/auth";
import {
  OTP_PURPOSE_USER_LOGIN,
  type OtpSendOutcome,
  REQUEST_FAILED,
  RESEND_COOLDOWN_SECONDS,
} from "../../domain/auth/otpLogin";
import type { StaffCodeOutcome } from "../../domain/auth/twoStepSignIn";
import { LOGIN_METHOD_PASSWORD, PLATFORM_WEB } from "../../domain/shared/loginMethods";
import { codeEntryActions, codeEntrySetup, codeEntryState, resendingState } from "../shared/codeEntry";

export type SignInEvent =
  | { type: "username.change"; value: string }
  | { type: "password.change"; value: string }
  | { type: "login.submit" }
  | { type: "logoutAll.submit" }
  | { type: "otp.change"; value: string }
  | { type: "otp.submit" }
  | { type: "otp.resend" }
  /** Go back to login screen, from the code or the two-step password step. */
  | { type: "back" };

export type SignInContext = {
  username: string;
  password: string;
  fieldErrors: FieldErrors;
  detail: string | null;
  conflict: SessionConflictBody | null;
  /** The password step of a two-step sign-in (/mfa-password), after a spent code or an expired step. */
  secondStep: boolean;
  /** The masked number the code went to. */
  phoneNumber: string;
  otp: string;
  /** The server's words about the code, shown under the OTP field. */
  otpError: string | null;
  /** Seconds until Resend may be pressed. */
  countdown: number;
  /** The spec's 30 s unless the input says otherwise (the machine tests shorten it). */
  resendCooldown: number;
};

/** `resendCooldown` shortens the Resend countdown for the machine tests; the application leaves it out. */
export type SignInInput = { resendCooldown?: number };

/** The account signing in, on the web platform, as the code send and verification name it. */
const whoSignsIn = (context: SignInContext) => ({
  login_username: context.username.trim(),
  platform: PLATFORM_WEB,
});

type LoginDone = DoneActorEvent<LoginOutcome>;
const outcome = (event: unknown) => (event as LoginDone).output;
const kept = (event: unknown) => (event as DoneActorEvent<SessionConflictBody | null>).output;
const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output;

export const signInMachine = setup({
  types: {} as { context: SignInContext; events: SignInEvent; input: SignInInput | undefined },
  actors: {
    /** The 451 kept under key 451 when one was met elsewhere (read once: it is cleared), or none. */
    restoreConflict: fromPromise<SessionConflictBody | null>(async () => {
      throw new Error("restoreConflict is provided by the application");
    }),
    login: fromPromise<LoginOutcome, LoginRequest>(async () => {
      throw new Error("login is provided by the application");
    }),
    logoutAll: fromPromise<void>(async () => {
      throw new Error("logoutAll is provided by the application");
    }),
    /** The same code send as the e-KYC sign-in, for the account whose password step passed. */
    sendCode: fromPromise<OtpSendOutcome, { login_username: string; platform: string }>(async () => {
      throw new Error("sendCode is provided by the application");
    }),
    /** The code, encrypted with the server's key, verified; a match reads the user's details too. */
    verifyCode: fromPromise<StaffCodeOutcome, { login_username: string; platform: string; otp: string }>(
      async () => {
        throw new Error("verifyCode is provided by the application");
      },
    ),
  },
  actions: {
    ...codeEntryActions<SignInContext, SignInEvent>(),
    sessionStarted: (_, _params: { response: LoginResponse; user: UserDetails }) => {},
    goToPasswordExpiry: (_, _params: { username: string }) => {},
    goHome: () => {},
  },
  guards: {
    ...codeEntrySetup.guards,
    outcomeIs: ({ event }, params: { type: LoginOutcome["type"] }) => outcome(event).type === params.type,
    conflictKept: ({ event }) => kept(event) !== null,
    verifyIs: ({ event }, params: { type: StaffCodeOutcome["type"] }) =>
      outputOf<StaffCodeOutcome>(event).type === params.type,
    notSecondStep: ({ context }) => !context.secondStep,
  },
  delays: codeEntrySetup.delays,
}).createMachine({
  id: "signIn",
  description: "The staff login form, from credentials (and a two-step account's code) to the dashboard.",
  context: ({ input }) => ({
    username: "",
    password: "",
    fieldErrors: {},
    detail: null,
    conflict: null,
    secondStep: false,
    phoneNumber: "",
    otp: "",
    otpError: null,
    countdown: 0,
    resendCooldown: input?.resendCooldown ?? RESEND_COOLDOWN_SECONDS,
  }),
  initial: "form",
  on: {
    back: {
      target: ".form.editing",
      actions: assign({
        password: "",
        otp: "",
        secondStep: false,
        fieldErrors: {},
        detail: null,
        otpError: null,
      }),
    },
  },
  states: {
    form: {
      description:
        "The login form, or a two-step account's password step (/mfa-password): typing, the login and its answers.",
      initial: "restoring",
      on: {
        // The password step signs in the account the code was for: another user goes back first.
        "username.change": {
          guard: "notSecondStep",
          target: ".editing",
          actions: assign({ username: ({ event }) => event.value, conflict: null }),
        },
        "password.change": { target: ".editing", actions: assign({ password: ({ event }) => event.value }) },
      },
      states: {
        restoring: {
          description:
            "The form opens; a 451 met elsewhere (kept under key 451) is read once, to show here first.",
          invoke: {
            id: "restoreConflict",
            src: "restoreConflict",
            onDone: [
              {
                guard: "conflictKept",
                target: "conflict",
                actions: assign({
                  conflict: ({ event }) => kept(event),
                }),
              },
              { target: "editing" },
            ],
            // A kept answer that cannot be read is not shown: the form opens as usual.
            onError: { target: "editing" },
          },
        },
        editing: {
          description:
            "The user types a user name and password (only the password on a two-step account's password step); errors from the last attempt show under the fields.",
          on: { "login.submit": { target: "submitting" } },
        },
        submitting: {
          description: "The login request is on its way; the Login button shows it is loading.",
          tags: ["busy"],
          entry: "clearMessages",
          invoke: {
            id: "login",
            src: "login",
            input: ({ context }) => ({
              login_username: context.username.trim(),
              password: context.password,
              method_of_login: LOGIN_METHOD_PASSWORD,
              purpose: OTP_PURPOSE_USER_LOGIN,
              platform: PLATFORM_WEB,
            }),
            onDone: [
              {
                guard: { type: "outcomeIs", params: { type: "secondStep" } },
                target: "#signIn.code",
                actions: assign({
                  phoneNumber: ({ event }) =>
                    (event.output as Extract<LoginOutcome, { type: "secondStep" }>).phoneNumber,
                }),
              },
              {
                guard: { type: "outcomeIs", params: { type: "signedIn" } },
                target: "#signIn.signedIn",
                actions: {
                  type: "sessionStarted",
                  params: ({ event }) => {
                    const { response, user } = event.output as Extract<LoginOutcome, { type: "signedIn" }>;
                    return { response, user };
                  },
                },
              },
              {
                guard: { type: "outcomeIs", params: { type: "conflict" } },
                target: "conflict",
                actions: assign({
                  conflict: ({ event }) => (event.output as Extract<LoginOutcome, { type: "conflict" }>).body,
                  secondStep: false,
                }),
              },
              {
                guard: { type: "outcomeIs", params: { type: "passwordExpired" } },
                target: "#signIn.passwordExpired",
                actions: {
                  type: "goToPasswordExpiry",
                  params: ({ context }) => ({ username: context.username.trim() }),
                },
              },
              {
                guard: { type: "outcomeIs", params: { type: "locked" } },
                target: "locked",
                actions: assign({
                  detail: ({ event }) => (event.output as Extract<LoginOutcome, { type: "locked" }>).detail,
                }),
              },
              {
                target: "editing",
                actions: assign(({ event }) => {
                  const invalid = event.output as Extract<LoginOutcome, { type: "invalid" }>;
                  return { fieldErrors: invalid.fieldErrors, detail: invalid.detail };
                }),
              },
            ],
            onError: { target: "failed" },
          },
        },
        locked: {
          description: "Too many failed attempts: the server has locked the account for a while.",
          on: { "login.submit": { target: "submitting" } },
        },
        conflict: {
          description:
            "Another session of this user is active (451): its message shows and the button reads Logout All Session.",
          on: { "logoutAll.submit": { target: "loggingOutAll" } },
        },
        loggingOutAll: {
          description:
            "Ending every other session of this user, then logging in again with the same credentials.",
          tags: ["busy"],
          invoke: {
            id: "logoutAll",
            src: "logoutAll",
            onDone: { target: "submitting", actions: assign({ conflict: null }) },
            onError: { target: "#signIn.leftForHome", actions: "goHome" },
          },
        },
        failed: {
          description:
            "The request failed unexpectedly (network, timeout, server error); the user may try again.",
          on: { "login.submit": { target: "submitting" } },
        },
      },
    },
    code: {
      description:
        "A two-step account's code step (/verify-otp): the code sent to its mobile and its verification.",
      tags: ["codeStep"],
      initial: "sendingCode",
      states: {
        sendingCode: {
          description:
            "A two-step account's password was right: the code is being sent to its mobile (purpose user_login).",
          tags: ["busy"],
          invoke: {
            id: "sendCode",
            src: "sendCode",
            input: ({ context }) => whoSignsIn(context),
            onDone: [
              {
                guard: { type: "sendIs", params: { type: "sent" } },
                target: "codeEntry",
                actions: "startCountdown",
              },
              {
                target: "#signIn.form.editing",
                actions: assign({
                  secondStep: true,
                  password: "",
                  detail: ({ event }) =>
                    (event.output as Extract<OtpSendOutcome, { type: "refused" }>).detail,
                }),
              },
            ],
            onError: {
              target: "#signIn.form.editing",
              actions: assign({ secondStep: true, password: "", detail: REQUEST_FAILED }),
            },
          },
        },
        codeEntry: codeEntryState({
          description:
            "OTP Send to Mobile Number: the code field, Verify OTP, Go back to login screen, and Resend after the countdown.",
          submit: "verifyingCode",
          resend: "#signIn.code.resendingCode",
        }),
        resendingCode: resendingState({
          src: "sendCode",
          entry: "codeEntry",
          input: ({ context }: { context: SignInContext }) => whoSignsIn(context),
          tags: ["busy"],
        }),
        verifyingCode: {
          description: "The code, encrypted with the server's public key, is being verified.",
          tags: ["busy"],
          entry: "clearMessages",
          invoke: {
            id: "verifyCode",
            src: "verifyCode",
            input: ({ context }) => ({ ...whoSignsIn(context), otp: context.otp }),
            onDone: [
              {
                guard: { type: "verifyIs", params: { type: "signedIn" } },
                target: "#signIn.signedIn",
                actions: {
                  type: "sessionStarted",
                  params: ({ event }) => {
                    const { response, user } = event.output as Extract<
                      StaffCodeOutcome,
                      { type: "signedIn" }
                    >;
                    return { response, user };
                  },
                },
              },
              {
                guard: { type: "verifyIs", params: { type: "conflict" } },
                target: "#signIn.form.conflict",
                actions: assign({
                  conflict: ({ event }) =>
                    (event.output as Extract<StaffCodeOutcome, { type: "conflict" }>).body,
                  otp: "",
                }),
              },
              {
                guard: { type: "verifyIs", params: { type: "restart" } },
                target: "#signIn.form.editing",
                actions: assign({
                  secondStep: true,
                  password: "",
                  otp: "",
                  detail: ({ event }) =>
                    (event.output as Extract<StaffCodeOutcome, { type: "restart" }>).message,
                }),
              },
              {
                target: "codeEntry",
                actions: assign({
                  otpError: ({ event }) =>
                    (event.output as Extract<StaffCodeOutcome, { type: "invalid" }>).message,
                }),
              },
            ],
            onError: { target: "codeEntry", actions: assign({ otpError: REQUEST_FAILED }) },
          },
        },
      },
    },
    signedIn: {
      description: "Signed in: the session is stored and the dashboard opens.",
      type: "final",
    },
    passwordExpired: {
      description: "The password has expired: the user goes to change it before signing in.",
      type: "final",
    },
    leftForHome: {
      description: "Ending the other sessions failed: the user is sent to the home page.",
      type: "final",
    },
  },
});

/** The sign-in page a running flow belongs on: the code step, a two-step password step, or the login. */
export function signInPageOf(snapshot: {
  hasTag: (tag: "codeStep" | "busy") => boolean;
  context: Pick<SignInContext, "secondStep">;
}): "/verify-otp" | "/mfa-password" | "/login" {
  if (snapshot.hasTag("codeStep")) return "/verify-otp";
  return snapshot.context.secondStep ? "/mfa-password" : "/login";
}
