/**
 * The verificationCheck machine's paths, driven through the PAN verification screen with a faked
 * check: a malformed PAN refused before sending, a PAN verified with its holder, not verified, or
 * failed with the server's named error; after each step the screen shows what the state means, and
 * every finished check reads the recent checks again.
 */
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import type { ScreenCheck, ScreenCheckOutcome } from "../../src/domain/verification/verification";
import { verificationKeys } from "../../src/infra/api/verification";
import type { VerificationCheckContext } from "../../src/machines/verification/verificationCheck";
import PanVerificationScreen from "../../src/ui/verification/PanVerificationScreen";
import { verificationCheckFixture } from "../machines/fixtures/verificationCheck";
import { model, type ViewStep, viewPaths } from "./machinePaths";

const user = { permissions: ["qc-executive-dashboard-permission"], organisation: { kind: "internal" } };
vi.mock("../../src/ui/session/SessionGate", () => ({ useCurrentUser: () => user }));

let reads = 0;
// The list itself has its own tests; here it only counts how often the recent checks are read.
vi.mock("../../src/ui/verification/RecentChecks", () => ({
  default: function RecentChecks() {
    useQuery({ queryKey: [...verificationKeys.checks], queryFn: async () => ++reads });
    return null;
  },
}));

type Deferred = {
  resolve: (v: ScreenCheckOutcome) => void;
  reject: (e: unknown) => void;
  input: ScreenCheck;
};
let pending: Deferred | null;
const fakeActors = {
  runCheck: fromPromise<ScreenCheckOutcome, ScreenCheck>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject, input };
      }),
  ),
};

beforeEach(() => {
  pending = null;
  reads = 0;
});
afterEach(cleanup);

// The PAN screen's paths: a blank PAN to start, and only PAN inputs (the account inputs are the account screens').
const panOnly = (request: unknown) => (request as ScreenCheck).check === "panGst";
const paths = viewPaths(verificationCheckFixture, {
  keep: (p) =>
    panOnly((p.input as { request: ScreenCheck }).request) &&
    p.steps.every((s) => s.event.type !== "request.change" || panOnly(s.event.request)),
});

const renderScreen = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PanVerificationScreen actors={fakeActors} />
    </QueryClientProvider>,
  );

async function perform(event: ViewStep["event"]) {
  if (event.type === "check") fireEvent.click(screen.getByRole("button", { name: /Check/ }));
  else if (event.type === "request.change") {
    const { body } = event.request as Extract<ScreenCheck, { check: "panGst" }>;
    fireEvent.change(screen.getByLabelText(body.input_type === "pan" ? "PAN number" : "GST number"), {
      target: { value: body.input },
    });
  } else
    await act(async () => {
      if (event.type.startsWith("xstate.done"))
        pending?.resolve((event as { output?: unknown }).output as never);
      else pending?.reject(new Error("unexpected"));
    });
}

function expectScreenFor(snapshot: ReturnType<ReturnType<typeof model>["step"]>, checksFinished: number) {
  const { request, problem, message, names } = snapshot.context as VerificationCheckContext;
  const state = String(snapshot.value);
  const body = (request as Extract<ScreenCheck, { check: "panGst" }>).body;
  expect((screen.getByLabelText("PAN number") as HTMLInputElement).value).toBe(body.input);
  const button = screen.getByRole("button", { name: /Check/ }) as HTMLButtonElement;
  expect(button.disabled).toBe(!snapshot.can({ type: "check" }));
  expect(button.getAttribute("aria-busy")).toBe(String(snapshot.hasTag("busy")));
  if (state === "checking") expect(pending?.input).toEqual(request);
  const alert = screen.queryByRole("alert");
  const refused =
    state === "editing" ? problem : state === "notVerified" || state === "failed" ? message : null;
  expect(alert?.textContent ?? null).toBe(refused);
  const status = screen.queryByRole("status");
  expect(status?.textContent ?? null).toBe(
    state === "verified" ? `${message}${names.name ? `PAN holder${names.name}` : ""}` : null,
  );
  expect(reads).toBe(1 + checksFinished);
}

describe("the PAN verification check follows the verificationCheck machine", () => {
  it("drives paths through every state of the machine", () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    for (const state of ["editing", "checking", "verified", "failed"]) expect(reached).toContain(state);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const machine = model(verificationCheckFixture, input);
    renderScreen();
    let finished = 0;
    await waitFor(() => expectScreenFor(machine.initial, finished));
    for (const step of steps) {
      await perform(step.event);
      const expected = machine.step(step.event);
      if (step.event.type.startsWith("xstate.")) finished++;
      await waitFor(() => expectScreenFor(expected, finished));
    }
  });
});
