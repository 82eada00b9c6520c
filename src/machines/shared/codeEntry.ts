/**
 * Entering a one-time code, shared by the e-KYC sign-in (eKycLogin) and a staff account's second
 * step (signIn): the code field, the Resend countdown ticking each second, and a resend whose
 * refusal or failure shows under the field.
 *
 * A machine using it spreads `codeEntrySetup`'s guards and delays into its `setup`, spreads
 * `codeEntryActions<Context, Event>()` into its actions, and builds its code entry and resend
 * states with `codeEntryState` and `resendingState`, naming where each goes; its context has the
 * fields of `CodeEntryContext`.
 */
import { assign, type DoneActorEvent, type EventObject } from "xstate";
import type { FieldErrors } from "../../domain/auth/auth";
import { nextOtpInput, type OtpSendOutcome, REQUEST_FAILED } from "../../domain/auth/otpLogin";

export type CodeEntryContext = {
  otp: string;
  /** The server's words about the code, shown under the OTP field. */
  otpError: string | null;
  /** Seconds until Resend may be pressed. */
  countdown: number;
  /** The spec's 30 s unless the machine's input says otherwise (the machine tests shorten it). */
  resendCooldown: number;
  fieldErrors: FieldErrors;
  detail: string | null;
};

const sent = (event: unknown) => (event as DoneActorEvent<OtpSendOutcome>).output;

/** The guards and delays the code states name. */
export const codeEntrySetup = {
  guards: {
    sendIs: ({ event }: { event: unknown }, params: { type: OtpSendOutcome["type"] }) =>
      sent(event).type === params.type,
    countdownOver: ({ context }: { context: CodeEntryContext }) => context.countdown <= 0,
  },
  delays: { resendTick: 1000 },
};

/** The `assign` actions the code states name, typed for the machine that spreads them. */
export function codeEntryActions<TContext extends CodeEntryContext, TEvent extends EventObject>() {
  // The updates touch only the fragment's own fields, which TContext has.
  const assigned = (
    update: (args: { context: CodeEntryContext; event: unknown }) => Partial<CodeEntryContext>,
  ) => assign<TContext, TEvent, undefined, TEvent, never>(update as (args: unknown) => Partial<TContext>);
  return {
    clearMessages: assigned(() => ({ fieldErrors: {}, detail: null, otpError: null })),
    /** A code was sent: the field is emptied and Resend waits out the cooldown. */
    startCountdown: assigned(({ context }) => ({ countdown: context.resendCooldown, otp: "" })),
    /** Leaving the code entry: the code typed is not kept. */
    forgetCode: assigned(() => ({ otp: "" })),
    tickCountdown: assigned(({ context }) => ({ countdown: context.countdown - 1 })),
    typeCode: assigned(({ context, event }) => ({
      otp: nextOtpInput(context.otp, (event as { value: string }).value),
    })),
    resendRefused: assigned(({ event }) => ({
      otpError: (sent(event) as Extract<OtpSendOutcome, { type: "refused" }>).detail,
    })),
    resendFailed: assigned(() => ({ otpError: REQUEST_FAILED })),
  };
}

/**
 * The code entry: the field, Verify OTP (to `submit`), and Resend (to `resend`) once the countdown
 * is over; `on` adds the machine's own events there.
 */
export function codeEntryState<
  const Submit extends string,
  const Resend extends string,
  const On extends object = Record<never, never>,
>(options: { description: string; submit: Submit; resend: Resend; on?: On }) {
  return {
    description: options.description,
    initial: "counting",
    on: {
      "otp.change": { actions: "typeCode" },
      "otp.submit": { target: options.submit },
      ...(options.on as On),
    },
    states: {
      counting: {
        description: "Resend is disabled and shows the seconds left, ticking down each second.",
        always: { guard: "countdownOver", target: "resendReady" },
        after: { resendTick: { target: "counting", reenter: true, actions: "tickCountdown" } },
      },
      resendReady: {
        description: "The countdown is over: Resend may be pressed.",
        on: { "otp.resend": { target: options.resend } },
      },
    },
  } as const;
}

/** Sending a new code with the actor `src`; the screen stays on the code entry (`entry`). */
export function resendingState<const Src extends string, const Entry extends string, C, TInput>(options: {
  src: Src;
  entry: Entry;
  input: (args: { context: C }) => TInput;
  tags: readonly string[];
}) {
  return {
    description: "A new code is being sent; the screen stays on the code entry.",
    tags: options.tags,
    entry: "clearMessages",
    invoke: {
      id: options.src,
      src: options.src,
      input: options.input,
      onDone: [
        {
          guard: { type: "sendIs", params: { type: "sent" } },
          target: options.entry,
          actions: "startCountdown",
        },
        { target: options.entry, actions: "resendRefused" },
      ],
      onError: { target: options.entry, actions: "resendFailed" },
    },
  } as const;
}
