/**
 * Sign-in with a one-time code (spec 002 §2.11, §4, §5): a 451 met elsewhere and kept under key
 * 451 shown first, mobile number, login step 1, the code sent, code entry with a 30 s Resend
 * countdown ticking each second, verification, signed in. A 451 at verification leads back to the
 * login screen with "Logout All Session", which ends the other sessions and retries the login; if
 * that fails the user goes home. The field auditors' e-KYC app (platform my_track) and the retailer
 * sign-in (platform retailer) run this same machine.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import type { FieldErrors, SessionConflictBody } from "../../domain/auth/auth";
import {
  nextMobileInput,
  type OtpSendOutcome,
  type OtpStepOutcome,
  type OtpVerifyOutcome,
  REQUEST_FAILED,
  RESEND_COOLDOWN_SECONDS,
  withMobilePrefix,
} from "../../domain/auth/otpLogin";
import { codeEntryActions, codeEntrySetup, codeEntryState, resendingState } from "../shared/codeEntry";

export type EKycPlatform = "my_track" | "retailer";

export type EKycLoginEvent =
  | { type: "mobile.change"; value: string }
  | { type: "login.submit" }
  | { type: "logoutAll.submit" }
  | { type: "otp.change"; value: string }
  | { type: "otp.submit" }
  | { type: "otp.resend" }
  | { type: "back" };

export type EKycLoginContext = {
  platform: EKycPlatform;
  /** The digits typed, at most 10; sent with +91. */
  mobile: string;
  otp: string;
  /** The masked number the code went to, from login step 1. */
  phoneNumber: string;
  /** Server errors of login step 1, shown under the mobile field. */
  fieldErrors: FieldErrors;
  /** A refusal shown on the login screen (a send refused, a request that failed). */
  detail: string | null;
  /** The server's code or detail, shown under the OTP field. */
  otpError: string | null;
  conflict: SessionConflictBody | null;
  /** Seconds until Resend may be pressed. */
  countdown: number;
  /** Seconds a code sent keeps Resend disabled: the spec's 30 unless the input says otherwise. */
  resendCooldown: number;
};

/**
 * The platform signing in. `resendCooldown` shortens the Resend countdown for the machine tests
 * (every second is a state of its own there); the application leaves it out.
 */
export type EKycLoginInput = { platform: EKycPlatform; resendCooldown?: number };

const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output;
const kept = (event: unknown) => outputOf<SessionConflictBody | null>(event);

/** The number (with +91) and platform every step of the sign-in sends. */
const whoSignsIn = (context: EKycLoginContext) => ({
  login_username: withMobilePrefix(context.mobile),
  platform: context.platform,
});

export const eKycLoginMachine = setup({
  types: {} as {
    context: EKycLoginContext;
    events: EKycLoginEvent;
    input: EKycLoginInput | undefined;
  },
  actors: {
    /** The 451 kept under key 451 when one was met elsewhere (read once: it is cleared), or none. */
    restoreConflict: fromPromise<SessionConflictBody | null>(async () => {
      throw new Error("restoreConflict is provided by the application");
    }),
    loginStep: fromPromise<OtpStepOutcome, { login_username: string; platform: EKycPlatform }>(async () => {
      throw new Error("loginStep is provided by the application");
    }),
    sendOtp: fromPromise<OtpSendOutcome, { login_username: string; platform: EKycPlatform }>(async () => {
      throw new Error("sendOtp is provided by the application");
    }),
    verifyOtp: fromPromise<OtpVerifyOutcome, { login_username: string; otp: string; platform: EKycPlatform }>(
      async () => {
        throw new Error("verifyOtp is provided by the application");
      },
    ),
    logoutAll: fromPromise<void>(async () => {
      throw new Error("logoutAll is provided by the application");
    }),
  },
  actions: {
    ...codeEntryActions<EKycLoginContext, EKycLoginEvent>(),
    sessionStarted: (_, _params: { sessionid: string; username: string }) => {},
    goHome: () => {},
  },
  guards: {
    ...codeEntrySetup.guards,
    stepIs: ({ event }, params: { type: OtpStepOutcome["type"] }) =>
      outputOf<OtpStepOutcome>(event).type === params.type,
    verifyIs: ({ event }, params: { type: OtpVerifyOutcome["type"] }) =>
      outputOf<OtpVerifyOutcome>(event).type === params.type,
    conflictKept: ({ event }) => kept(event) !== null,
  },
  delays: codeEntrySetup.delays,
}).createMachine({
  id: "eKycLogin",
  description: "Sign-in with a code sent to a mobile number, from the number to the signed-in area.",
  context: ({ input }) => ({
    platform: input?.platform ?? "my_track",
    mobile: "",
    otp: "",
    phoneNumber: "",
    fieldErrors: {},
    detail: null,
    otpError: null,
    conflict: null,
    countdown: 0,
    resendCooldown: input?.resendCooldown ?? RESEND_COOLDOWN_SECONDS,
  }),
  initial: "restoring",
  states: {
    restoring: {
      description:
        "The flow starts; a 451 met elsewhere (kept under key 451) is read once, to show on the login screen first.",
      invoke: {
        id: "restoreConflict",
        src: "restoreConflict",
        onDone: [
          {
            guard: "conflictKept",
            target: "conflict",
            actions: assign({ conflict: ({ event }) => kept(event) }),
          },
          { target: "mobileEntry" },
        ],
        // A kept answer that cannot be read is not shown: the login screen opens as usual.
        onError: { target: "mobileEntry" },
      },
    },
    mobileEntry: {
      description:
        "The login screen: the mobile number field and Login; errors of the last attempt show under the field.",
      on: {
        "mobile.change": {
          actions: assign({ mobile: ({ context, event }) => nextMobileInput(context.mobile, event.value) }),
        },
        "login.submit": { target: "loggingIn" },
      },
    },
    loggingIn: {
      description:
        "Login step 1 is on its way with the number and +91; the Login button shows it is loading.",
      entry: "clearMessages",
      invoke: {
        id: "loginStep",
        src: "loginStep",
        input: ({ context }) => whoSignsIn(context),
        onDone: [
          {
            guard: { type: "stepIs", params: { type: "ok" } },
            target: "sendingOtp",
            actions: assign({
              phoneNumber: ({ event }) =>
                (event.output as Extract<OtpStepOutcome, { type: "ok" }>).phoneNumber,
            }),
          },
          {
            target: "mobileEntry",
            actions: assign(({ event }) => {
              const invalid = event.output as Extract<OtpStepOutcome, { type: "invalid" }>;
              return { fieldErrors: invalid.fieldErrors, detail: invalid.detail };
            }),
          },
        ],
        onError: { target: "mobileEntry", actions: assign({ detail: REQUEST_FAILED }) },
      },
    },
    sendingOtp: {
      description: "The code is being sent to the number (purpose user_login).",
      invoke: {
        id: "sendOtp",
        src: "sendOtp",
        input: ({ context }) => whoSignsIn(context),
        onDone: [
          // The code field is empty here: going back to the number clears it.
          {
            guard: { type: "sendIs", params: { type: "sent" } },
            target: "otpEntry",
            actions: "startCountdown",
          },
          {
            target: "mobileEntry",
            actions: assign({
              detail: ({ event }) => (event.output as Extract<OtpSendOutcome, { type: "refused" }>).detail,
            }),
          },
        ],
        onError: { target: "mobileEntry", actions: assign({ detail: REQUEST_FAILED }) },
      },
    },
    otpEntry: codeEntryState({
      description:
        "The OTP screen: the code field, Verify OTP, Go back to login screen, and Resend after the countdown.",
      submit: "verifying",
      resend: "#eKycLogin.resending",
      on: { back: { target: "mobileEntry", actions: ["clearMessages", "forgetCode"] } },
    }),
    resending: resendingState({
      src: "sendOtp",
      entry: "otpEntry",
      input: ({ context }: { context: EKycLoginContext }) => whoSignsIn(context),
      tags: [],
    }),
    verifying: {
      description: "The code, encrypted with the server's public key, is being verified.",
      entry: "clearMessages",
      invoke: {
        id: "verifyOtp",
        src: "verifyOtp",
        input: ({ context }) => ({ ...whoSignsIn(context), otp: context.otp }),
        onDone: [
          {
            guard: { type: "verifyIs", params: { type: "signedIn" } },
            target: "signedIn",
            actions: {
              type: "sessionStarted",
              params: ({ event }) => {
                const { sessionid, username } = event.output as Extract<
                  OtpVerifyOutcome,
                  { type: "signedIn" }
                >;
                return { sessionid, username };
              },
            },
          },
          {
            guard: { type: "verifyIs", params: { type: "conflict" } },
            target: "conflict",
            actions: assign({
              conflict: ({ event }) => (event.output as Extract<OtpVerifyOutcome, { type: "conflict" }>).body,
              otp: "",
            }),
          },
          {
            target: "otpEntry",
            actions: assign({
              otpError: ({ event }) =>
                (event.output as Extract<OtpVerifyOutcome, { type: "invalid" }>).message,
            }),
          },
        ],
        onError: { target: "otpEntry", actions: assign({ otpError: REQUEST_FAILED }) },
      },
    },
    conflict: {
      description:
        "Another session is active on this platform (451): the login screen shows its message and the button reads Logout All Session.",
      on: {
        "logoutAll.submit": { target: "loggingOutAll" },
        "mobile.change": {
          target: "mobileEntry",
          actions: assign({
            mobile: ({ context, event }) => nextMobileInput(context.mobile, event.value),
            conflict: null,
          }),
        },
      },
    },
    loggingOutAll: {
      description: "Ending every session of this user, then logging in again with the same number.",
      invoke: {
        id: "logoutAll",
        src: "logoutAll",
        onDone: { target: "loggingIn", actions: assign({ conflict: null }) },
        onError: { target: "leftForHome", actions: "goHome" },
      },
    },
    signedIn: {
      description: "Signed in: the session id and user name are stored and the signed-in area opens.",
      type: "final",
    },
    leftForHome: {
      description: "Ending the other sessions failed: the user is sent to the home page.",
      type: "final",
    },
  },
});

/** Which screen a state belongs to: the number (login), the code (OTP) or neither (finished). */
export type EKycScreen = "login" | "otp" | "finished";
const OTP_STATES = new Set(["otpEntry", "resending", "verifying"]);
export function eKycScreenOf(value: unknown): EKycScreen {
  const top = typeof value === "string" ? value : Object.keys(value as object)[0];
  if (top === "signedIn" || top === "leftForHome") return "finished";
  return OTP_STATES.has(top ?? "") ? "otp" : "login";
}
