/**
 * The retailerRequests machine's generated shortest paths, driven through the Retailer Edit
 * Requests panel: the server's answers come through faked actors, the user's steps are clicks and
 * choices, and after each step the panel must show what the machine's state and context mean.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import {
  type Decision,
  NO_REQUESTS,
  REQUEST_FAILED,
  REQUESTS_FAILED,
  type RequestDetail,
  type RequestSummary,
  raisedOn,
  requestHeading,
} from "../../src/domain/outlets/retailerRequests";
import {
  type DecideOutcome,
  mayDecide,
  type RetailerRequestsContext,
  type RetailerRequestsInput,
} from "../../src/machines/outlets/retailerRequests";
import RetailerRequestsPanel from "../../src/ui/outlets/RetailerRequestsPanel";
import { retailerRequestsFixture } from "../machines/fixtures/retailerRequests";
import { expectEveryStateReached, model, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Record<"list" | "detail" | "decide", Deferred | null>;
const deferred = (key: keyof typeof pending) => () =>
  new Promise<never>((resolve, reject) => {
    pending[key] = { resolve: resolve as (v: unknown) => void, reject };
  });
const fakeActors = {
  loadRequests: fromPromise<readonly RequestSummary[], { workflowObject: number }>(deferred("list")),
  loadDetail: fromPromise<RequestDetail, { requestId: number; workflowObject: number }>(deferred("detail")),
  decide: fromPromise<
    DecideOutcome,
    { request_id: number; status: Decision; rejection_reason: string | null }
  >(deferred("decide")),
};

beforeEach(() => {
  pending = { list: null, detail: null, decide: null };
});
afterEach(cleanup);

const paths = viewPaths(retailerRequestsFixture).map((p) => ({
  input: p.input as RetailerRequestsInput,
  steps: p.steps,
}));

async function perform(event: { type: string; [k: string]: unknown }) {
  const settle = (key: keyof typeof pending, ok: boolean) =>
    act(async () =>
      ok ? pending[key]?.resolve(event.output) : pending[key]?.reject(new Error("unexpected")),
    );
  switch (event.type) {
    case "xstate.done.actor.loadRequests":
      return settle("list", true);
    case "xstate.error.actor.loadRequests":
      return settle("list", false);
    case "xstate.done.actor.loadDetail":
      return settle("detail", true);
    case "xstate.error.actor.loadDetail":
      return settle("detail", false);
    case "xstate.done.actor.decide":
      return settle("decide", true);
    case "xstate.error.actor.decide":
      return settle("decide", false);
    case "request.select":
      fireEvent.click(screen.getByRole("button", { name: new RegExp(`^Request ${event.id}\\b`) }));
      return;
    case "reason.change":
      fireEvent.change(screen.getByRole("combobox", { name: "Rejection reason" }), {
        target: { value: event.value },
      });
      return;
    case "request.accept":
      fireEvent.click(screen.getByRole("button", { name: "Accept" }));
      return;
    case "request.reject":
      fireEvent.click(screen.getByRole("button", { name: "Reject" }));
      return;
    case "failure.close":
      fireEvent.click(screen.getByRole("button", { name: "Okay" }));
      return;
    case "retry":
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

async function expectScreenFor(state: string, c: RetailerRequestsContext) {
  switch (state) {
    case "loadingList":
    case "loadingDetail":
      // The first reading shows a spinner; a reload keeps the list and marks the panel busy.
      await waitFor(() =>
        expect(
          screen.queryByRole("status") !== null ||
            document.querySelector(".retailer-requests")?.getAttribute("aria-busy") === "true",
        ).toBe(true),
      );
      return;
    case "empty":
      await waitFor(() => expect(screen.getByText(NO_REQUESTS)).toBeTruthy());
      return;
    case "listFailed":
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(REQUESTS_FAILED));
      return;
    case "detailFailed":
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(REQUEST_FAILED));
      return;
    case "accepting":
    case "rejecting":
      await waitFor(() =>
        expect((screen.getByRole("button", { name: "Accept" }) as HTMLButtonElement).disabled).toBe(true),
      );
      return;
    case "showing": {
      const detail = c.detail!;
      const article = await screen.findByRole("article", {
        name: requestHeading(detail.retailer_request.type),
      });
      expect(within(article).getByText(raisedOn(detail.retailer_request.created))).toBeTruthy();
      expect(
        within(screen.getByRole("list", { name: "Retailer requests" }))
          .getAllByRole("button")
          .map((b) => b.getAttribute("aria-current")),
      ).toEqual(c.requests.map((r) => (r.retailer_master_request_id === c.selected ? "true" : null)));
      // Accept and Reject only where the machine offers a decision (§4.7, §6).
      expect(within(article).queryByRole("button", { name: "Accept" }) !== null).toBe(mayDecide(c));
      if (c.reasonError) expect(within(article).getByRole("alert").textContent).toBe(c.reasonError);
      if (c.failure) expect(screen.getByRole("alertdialog").textContent).toContain(c.failure);
      else expect(screen.queryByRole("alertdialog")).toBeNull();
      return;
    }
    default:
      throw new Error(`no screen check for state ${state}`);
  }
}

describe("the Retailer Edit Requests panel follows the retailerRequests machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(retailerRequestsFixture, paths);
  });

  it.each(
    paths.map((p) => [`${p.input.role}: ${p.steps.map((s) => s.event.type).join(" → ")}`, p] as const),
  )("%s", async (_name, { input, steps }) => {
    render(<RetailerRequestsPanel {...input} onDecided={() => {}} actors={fakeActors} />);
    const machine = model(retailerRequestsFixture, input);
    for (const step of steps) {
      await perform(step.event);
      const snapshot = machine.step(step.event);
      await expectScreenFor(String(snapshot.value), snapshot.context as RetailerRequestsContext);
    }
  });
});
