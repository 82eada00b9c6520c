/**
 * Staff sign-in (spec 000 §8, 002 §4): a 451 met elsewhere and kept under key 451 shown first,
 * credentials, the server's answers as values, the 451 session conflict with "Logout All Session"
 * and a retry, and the expired-password detour.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import type {
  FieldErrors,
  LoginOutcome,
  LoginRequest,
  LoginResponse,
  SessionConflictBody,
  UserDetails,
} from "../domain/auth";
import { LOGIN_METHOD_PASSWORD, PLATFORM_WEB } from "../domain/loginMethods";

export type SignInEvent =
  | { type: "username.change"; value: string }
  | { type: "password.change"; value: string }
  | { type: "login.submit" }
  | { type: "logoutAll.submit" };

export type SignInContext = {
  username: string;
  password: string;
  fieldErrors: FieldErrors;
  detail: string | null;
  conflict: SessionConflictBody | null;
};

const initialContext: SignInContext = {
  username: "",
  password: "",
  fieldErrors: {},
  detail: null,
  conflict: null,
};

type LoginDone = DoneActorEvent<LoginOutcome>;
const outcome = (event: unknown) => (event as LoginDone).output;
const kept = (event: unknown) => (event as DoneActorEvent<SessionConflictBody | null>).output;

export const signInMachine = setup({
  types: {} as { context: SignInContext; events: SignInEvent },
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
  },
  actions: {
    sessionStarted: (_, _params: { response: LoginResponse; user: UserDetails }) => {},
    goToPasswordExpiry: (_, _params: { username: string }) => {},
    goHome: () => {},
    clearMessages: assign({ fieldErrors: {}, detail: null }),
  },
  guards: {
    outcomeIs: ({ event }, params: { type: LoginOutcome["type"] }) => outcome(event).type === params.type,
    conflictKept: ({ event }) => kept(event) !== null,
  },
}).createMachine({
  id: "signIn",
  description: "The staff login form, from credentials to the dashboard.",
  context: initialContext,
  initial: "restoring",
  on: {
    "username.change": {
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
        "The user types a user name and password; errors from the last attempt show under the fields.",
      on: { "login.submit": { target: "submitting" } },
    },
    submitting: {
      description: "The login request is on its way; the Login button shows it is loading.",
      entry: "clearMessages",
      invoke: {
        id: "login",
        src: "login",
        input: ({ context }) => ({
          login_username: context.username.trim(),
          password: context.password,
          method_of_login: LOGIN_METHOD_PASSWORD,
          platform: PLATFORM_WEB,
        }),
        onDone: [
          {
            guard: { type: "outcomeIs", params: { type: "signedIn" } },
            target: "signedIn",
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
            }),
          },
          {
            guard: { type: "outcomeIs", params: { type: "passwordExpired" } },
            target: "passwordExpired",
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
      invoke: {
        id: "logoutAll",
        src: "logoutAll",
        onDone: { target: "submitting", actions: assign({ conflict: null }) },
        onError: { target: "leftForHome", actions: "goHome" },
      },
    },
    failed: {
      description:
        "The request failed unexpectedly (network, timeout, server error); the user may try again.",
      on: { "login.submit": { target: "submitting" } },
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
