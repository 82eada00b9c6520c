/**
 * One verifiable answer's Validate button (spec 001 §2.2, §4.3, §8): not verified → verifying →
 * verified or failed; an edit of the value returns it to not verified. An account number answer
 * has a parallel region for its linked (secondary) IFSC, verified on its own (verified_secondary).
 * The check itself is the `verify` actor, provided at the edge; an expected refusal (the §8
 * failure, a timeout, the rate limit) comes back as a value with its message.
 */
import { assign, type DoneActorEvent, fromCallback, fromPromise, setup } from "xstate";
import {
  type CheckKind,
  VERIFICATION_MSG,
  type VerifyInput,
  type VerifyOutcome,
  valueChanged,
} from "../../domain/verification/verification";

export type { VerifyInput, VerifyOutcome };

export type FieldVerificationInput = {
  kind: CheckKind;
  answer: number;
  value: string;
  verified: boolean;
  /** The linked IFSC of an account number answer; null for every other answer. */
  secondary: string | null;
  secondaryVerified: boolean;
};

export type FieldVerificationContext = {
  kind: CheckKind;
  answer: number;
  value: string;
  startsVerified: boolean;
  message: string | null;
  names: Readonly<Record<string, string>>;
  secondary: string | null;
  secondaryStartsVerified: boolean;
  secondaryMessage: string | null;
  secondaryNames: Readonly<Record<string, string>>;
};

export type FieldVerificationEvent =
  | { type: "validate" }
  | { type: "value.change"; value: string }
  | { type: "secondary.validate" }
  | { type: "secondary.change"; value: string };

const outcome = (event: unknown) => (event as DoneActorEvent<VerifyOutcome>).output;

export type CheckRegion = "primary" | "secondary";
/** What a finished check tells: its message, and whose check it was. */
const told = (region: CheckRegion, message: (event: unknown) => string) => ({
  params: ({ event }: { event: unknown }) => ({ region, message: message(event) }),
});

export const fieldVerificationMachine = setup({
  types: {} as {
    context: FieldVerificationContext;
    events: FieldVerificationEvent;
    input: FieldVerificationInput;
  },
  actors: {
    verify: fromPromise<VerifyOutcome, VerifyInput>(async () => {
      throw new Error("verify is provided by the application");
    }),
    /** The same check, for the linked IFSC (an actor of its own, so both regions may run at once). */
    verifySecondary: fromPromise<VerifyOutcome, VerifyInput>(async () => {
      throw new Error("verifySecondary is provided by the application");
    }),
    /**
     * Sends `value.change` (and, for an account number, `secondary.change`) with the answer's value
     * as it is edited or reset.
     */
    valueEdits: fromCallback(() => () => {}),
  },
  actions: {
    /** A check passed: its message is told, and what shows the outlet's statuses reads them again. */
    checkPassed: (_, _params: { region: CheckRegion; message: string }) => {},
    /** A check failed: its message is told (an account number's in a dialog too, §8). */
    checkFailed: (_, _params: { region: CheckRegion; message: string }) => {},
  },
  guards: {
    passed: ({ event }) => outcome(event).ok,
    startsVerified: ({ context }) => context.startsVerified,
    noSecondary: ({ context }) => context.secondary === null,
    secondaryStartsVerified: ({ context }) => context.secondaryStartsVerified,
    valueChanged: ({ context, event }) =>
      event.type === "value.change" && valueChanged(context.value, event.value),
    /** Only an account number answer has a linked IFSC; no other answer ever gains one. */
    secondaryChanged: ({ context, event }) =>
      event.type === "secondary.change" &&
      context.secondary !== null &&
      valueChanged(context.secondary, event.value),
  },
}).createMachine({
  id: "fieldVerification",
  description: "A verifiable answer's Validate button and, for an account number, its linked IFSC's.",
  type: "parallel",
  invoke: { id: "valueEdits", src: "valueEdits" },
  context: ({ input }) => ({
    kind: input.kind,
    answer: input.answer,
    value: input.value,
    startsVerified: input.verified,
    message: null,
    names: {},
    secondary: input.secondary,
    secondaryStartsVerified: input.secondaryVerified,
    secondaryMessage: null,
    secondaryNames: {},
  }),
  states: {
    primary: {
      description: "The answer's own value.",
      initial: "starting",
      on: {
        "value.change": {
          guard: "valueChanged",
          target: ".notVerified",
          actions: assign(({ event }) => ({ value: event.value, message: null, names: {} })),
        },
      },
      states: {
        starting: {
          description: "Verified as loaded, or not.",
          always: [{ guard: "startsVerified", target: "verified" }, { target: "notVerified" }],
        },
        notVerified: {
          description: "Validate is offered.",
          on: { validate: { target: "verifying" } },
        },
        verifying: {
          description: "The check runs; Validate shows it is busy.",
          tags: ["busy"],
          invoke: {
            id: "verify",
            src: "verify",
            input: ({ context }) => ({
              kind: context.kind,
              input: context.value,
              answer: context.answer,
              secondary: false,
              ifsc: context.secondary,
            }),
            onDone: [
              {
                guard: "passed",
                target: "verified",
                actions: [
                  assign(({ event }) => {
                    const o = outcome(event) as Extract<VerifyOutcome, { ok: true }>;
                    return { message: o.message, names: o.names };
                  }),
                  { type: "checkPassed", ...told("primary", (e) => outcome(e).message) },
                ],
              },
              {
                target: "failed",
                actions: [
                  assign(({ event }) => ({ message: outcome(event).message })),
                  { type: "checkFailed", ...told("primary", (e) => outcome(e).message) },
                ],
              },
            ],
            onError: {
              target: "failed",
              actions: [
                assign({ message: VERIFICATION_MSG.questionFailure }),
                { type: "checkFailed", ...told("primary", () => VERIFICATION_MSG.questionFailure) },
              ],
            },
          },
        },
        verified: {
          description: "Verified: the names the check found are shown; an edit of the value undoes it.",
        },
        failed: {
          description: "The failure text is shown; Validate may be pressed again.",
          on: { validate: { target: "verifying" } },
        },
      },
    },
    secondary: {
      description: "An account number's linked IFSC (verified_secondary); absent for other answers.",
      initial: "starting",
      on: {
        "secondary.change": {
          guard: "secondaryChanged",
          target: ".notVerified",
          actions: assign(({ event }) => ({
            secondary: event.value,
            secondaryMessage: null,
            secondaryNames: {},
          })),
        },
      },
      states: {
        // One transient state, not two in a row: eventless states that lead to each other could loop.
        starting: {
          description: "No linked IFSC, a linked IFSC verified as loaded, or not.",
          always: [
            { guard: "noSecondary", target: "none" },
            { guard: "secondaryStartsVerified", target: "verified" },
            { target: "notVerified" },
          ],
        },
        none: { description: "The answer has no linked IFSC." },
        notVerified: {
          description: "Validate is offered for the linked IFSC.",
          on: { "secondary.validate": { target: "verifying" } },
        },
        verifying: {
          description: "The linked IFSC is checked.",
          tags: ["busy"],
          invoke: {
            id: "verifySecondary",
            src: "verifySecondary",
            input: ({ context }) => ({
              kind: "ifsc" as const,
              input: context.secondary ?? "",
              answer: context.answer,
              secondary: true,
              ifsc: null,
            }),
            onDone: [
              {
                guard: "passed",
                target: "verified",
                actions: [
                  assign(({ event }) => {
                    const o = outcome(event) as Extract<VerifyOutcome, { ok: true }>;
                    return { secondaryMessage: o.message, secondaryNames: o.names };
                  }),
                  { type: "checkPassed", ...told("secondary", (e) => outcome(e).message) },
                ],
              },
              {
                target: "failed",
                actions: [
                  assign(({ event }) => ({ secondaryMessage: outcome(event).message })),
                  { type: "checkFailed", ...told("secondary", (e) => outcome(e).message) },
                ],
              },
            ],
            onError: {
              target: "failed",
              actions: [
                assign({ secondaryMessage: VERIFICATION_MSG.questionFailure }),
                { type: "checkFailed", ...told("secondary", () => VERIFICATION_MSG.questionFailure) },
              ],
            },
          },
        },
        verified: { description: "The linked IFSC is verified (verified_secondary)." },
        failed: {
          description: "The failure text is shown; Validate may be pressed again.",
          on: { "secondary.validate": { target: "verifying" } },
        },
      },
    },
  },
});
