/**
 * The fieldVerification machine's generated shortest paths, driven through an answer's Validate in
 * Survey Details: the checks answer through faked actors, the user's steps are clicks and edits of
 * the answer's value, and after each step the badge, the buttons, the names found and the failure
 * text must be what the machine's state and context say (the machine runs beside the screen).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import { answerValueOf } from "../../src/domain/survey/survey";
import type {
  FieldVerificationContext,
  FieldVerificationInput,
  VerifyInput,
  VerifyOutcome,
} from "../../src/machines/verification/fieldVerification";
import AnswerVerification from "../../src/ui/outlets/AnswerVerification";
import { fieldVerificationFixture } from "../machines/fixtures/fieldVerification";
import { sampleAnswer } from "../machines/fixtures/surveyGroups";
import { model, viewPaths } from "./machinePaths";

type Check = "verify" | "verifySecondary";
type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Record<Check, Deferred | null>;
const deferred = (check: Check) =>
  fromPromise<VerifyOutcome, VerifyInput>(
    () =>
      new Promise<never>((resolve, reject) => {
        pending[check] = { resolve: resolve as (v: unknown) => void, reject };
      }),
  );
const fakeActors = { verify: deferred("verify"), verifySecondary: deferred("verifySecondary") };

beforeEach(() => {
  pending = { verify: null, verifySecondary: null };
});
afterEach(cleanup);

const paths = viewPaths(fieldVerificationFixture).map((p) => ({
  input: p.input as FieldVerificationInput,
  steps: p.steps,
}));
const TYPE_OF_KIND: Record<string, string> = { pan: "pan_number", bank_account: "account_number" };
type Regions = { primary: string; secondary: string };

function screenFor(input: FieldVerificationInput) {
  const answer = {
    ...sampleAnswer(input.answer, input.value),
    answer_type: TYPE_OF_KIND[input.kind]!,
    verified: input.verified,
    // A value verified as loaded holds its earlier check's name, shown only while it stays verified.
    other_account_holder_name: input.verified ? "Ramesh Kumar" : null,
    other_ifsc_code: input.secondary,
    verified_secondary: input.secondaryVerified,
  };
  let value = answerValueOf(answer);
  // The survey's copy of the value: the panel listens to it, as it would to the survey's edits.
  const listeners = new Set<(v: typeof value) => void>();
  render(
    <AnswerVerification
      type={answer.answer_type}
      answer={answer}
      edits={(listen) => {
        listen(value);
        listeners.add(listen);
        return () => listeners.delete(listen);
      }}
      editable={true}
      onVerified={() => {}}
      actors={fakeActors}
    />,
  );
  return (change: Partial<typeof value>) => {
    value = { ...value, ...change };
    for (const listen of listeners) listen(value);
  };
}

async function perform(event: { type: string; [k: string]: unknown }, edit: ReturnType<typeof screenFor>) {
  const settle = (check: Check, ok: boolean) =>
    act(async () => (ok ? pending[check]?.resolve(event.output) : pending[check]?.reject(new Error("x"))));
  switch (event.type) {
    case "validate":
      fireEvent.click(screen.getByRole("button", { name: "Validate" }));
      return;
    case "secondary.validate":
      fireEvent.click(screen.getByRole("button", { name: "Validate linked IFSC" }));
      return;
    case "value.change":
      return act(async () => edit({ single_input: event.value as string }));
    case "secondary.change":
      return act(async () => edit({ other_ifsc_code: event.value as string }));
    case "xstate.done.actor.verify":
      return settle("verify", true);
    case "xstate.error.actor.verify":
      return settle("verify", false);
    case "xstate.done.actor.verifySecondary":
      return settle("verifySecondary", true);
    case "xstate.error.actor.verifySecondary":
      return settle("verifySecondary", false);
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

const shown = (text: string) => expect(document.body.textContent).toContain(text);

async function expectScreenFor(
  state: Regions,
  context: FieldVerificationContext,
  input: FieldVerificationInput,
) {
  await waitFor(() => {
    const validate = screen.queryByRole("button", { name: /^Validat(e|ing…)$/ }) as HTMLButtonElement | null;
    switch (state.primary) {
      case "notVerified":
      case "failed":
        shown("Not verified");
        expect(validate?.disabled).toBe(false);
        if (state.primary === "failed") expect(screen.getByRole("alert").textContent).toBe(context.message);
        else expect(screen.queryByRole("alert")).toBeNull();
        expect(document.querySelector(".answer-verification > .answer-verified-names")).toBeNull();
        return;
      case "verifying":
        expect(validate?.textContent).toBe("Validating…");
        expect(validate?.disabled).toBe(true);
        return;
      case "verified":
        expect(validate).toBeNull();
        expect(screen.getByText("Verified")).toBeTruthy();
        for (const name of Object.values(context.names)) shown(name);
        return;
      default:
        throw new Error(`no screen check for primary.${state.primary}`);
    }
  });
  // An account's failure also opens the dialog with the server's words.
  if (state.primary === "failed" && input.kind === "bank_account")
    expect(screen.getByRole("dialog").textContent).toContain(context.message);
  await waitFor(() => {
    const validate = screen.queryByRole("button", {
      name: "Validate linked IFSC",
    }) as HTMLButtonElement | null;
    switch (state.secondary) {
      case "none":
        expect(document.body.textContent).not.toContain("Linked IFSC");
        return;
      case "notVerified":
      case "failed":
        shown("Linked IFSC not verified");
        expect(validate?.disabled).toBe(false);
        if (state.secondary === "failed") shown(context.secondaryMessage!);
        return;
      case "verifying":
        expect(validate?.disabled).toBe(true);
        return;
      case "verified":
        shown("Linked IFSC verified");
        expect(validate).toBeNull();
        for (const name of Object.values(context.secondaryNames)) shown(name);
        return;
      default:
        throw new Error(`no screen check for secondary.${state.secondary}`);
    }
  });
}

describe("an answer's Validate follows the fieldVerification machine", () => {
  it("the paths driven here reach every state of both regions", () => {
    const reached = new Set<string>();
    for (const p of paths) {
      const start = model(fieldVerificationFixture, p.input).initial.value as Regions;
      for (const value of [start, ...p.steps.map((s) => s.state.value as Regions)]) {
        reached.add(`primary.${value.primary}`);
        reached.add(`secondary.${value.secondary}`);
      }
    }
    expect([...reached].sort()).toEqual(
      [
        ...["notVerified", "verifying", "verified", "failed"].map((s) => `primary.${s}`),
        ...["none", "notVerified", "verifying", "verified", "failed"].map((s) => `secondary.${s}`),
      ].sort(),
    );
  });

  it.each(
    paths.map((p) => [`${p.input.kind} · ${p.steps.map((s) => s.event.type).join(" → ")}`, p] as const),
  )("%s", async (_name, { input, steps }) => {
    const edit = screenFor(input);
    const machine = model(fieldVerificationFixture, input);
    await expectScreenFor(machine.initial.value as Regions, machine.initial.context, input);
    for (const step of steps) {
      await perform(step.event, edit);
      const snapshot = machine.step(step.event);
      await expectScreenFor(snapshot.value as Regions, snapshot.context, input);
    }
  });
});
