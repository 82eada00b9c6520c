/**
 * The payoutDetails machine's generated shortest paths, driven through the Payout Details panel
 * (spec 001 §2.3, §4.6, §9): the list's answer, its Program Name filter and the data table's search,
 * column order and Next are used, a
 * plotted row's Update Status opens the Payment Confirmation, whose Save records a payment, and a
 * paid row's Download Invoice fetches its PDF. The machine runs beside the screen as the oracle:
 * after each step the screen must show what the state and context mean.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import type { BulkUpdateOutcome, BulkUpdateRequest, ChainOutlet } from "../../src/domain/outlets/bulkUpdate";
import { payoutOrdering } from "../../src/domain/payouts/payouts";
import { pagerText, type TableQuery } from "../../src/domain/shared/table";
import type {
  PayoutDetailsContext,
  PayoutListRequest,
  PayoutsLoaded,
} from "../../src/machines/payouts/payoutDetails";
import PayoutDetailsPanel from "../../src/ui/outlets/PayoutDetailsPanel";
import { payoutDetailsFixture } from "../machines/fixtures/payoutDetails";
import { expectEveryStateReached, model, viewPaths } from "./machinePaths";

type Deferred<T> = { resolve: (v: T) => void; reject: (e: unknown) => void };
let load: Deferred<PayoutsLoaded> | null;
let download: Deferred<void> | null;
let requests: PayoutListRequest[];
let downloads: { file: string; invoice_no: string }[];
let saves: BulkUpdateRequest[];
let outletChanges: number;
let loadings: number;

const actors = {
  loadPayouts: fromPromise<PayoutsLoaded, PayoutListRequest>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        requests.push(input);
        load = { resolve, reject };
      }),
  ),
  downloadInvoice: fromPromise<void, { file: string; invoice_no: string }>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        downloads.push(input);
        download = { resolve, reject };
      }),
  ),
};
const statusActors = {
  loadChain: fromPromise<readonly ChainOutlet[], { ids: readonly number[] }>(async () => []),
  saveStatus: fromPromise<BulkUpdateOutcome, BulkUpdateRequest>(async ({ input }) => {
    saves.push(input);
    return { type: "done", detail: "Updated 1 outlet." };
  }),
};

beforeEach(() => {
  load = null;
  download = null;
  requests = [];
  downloads = [];
  saves = [];
  outletChanges = 0;
  loadings = 1;
});
afterEach(cleanup);

// The table offers its search, order and pages once the first answer is in (Next needs a second page).
const paths = viewPaths(payoutDetailsFixture, {
  keep: ({ steps }) => {
    const loaded = steps.findIndex((s) => s.event.type === "xstate.done.actor.loadPayouts");
    return steps.every((s, i) => s.event.type !== "table.changed" || (loaded >= 0 && loaded < i));
  },
});

async function perform(event: { type: string; [k: string]: unknown }) {
  switch (event.type) {
    case "xstate.done.actor.loadPayouts":
      await act(async () => load?.resolve(event.output as PayoutsLoaded));
      return;
    case "xstate.error.actor.loadPayouts":
      await act(async () => load?.reject(new Error("offline")));
      return;
    case "xstate.done.actor.downloadInvoice":
      await act(async () => download?.resolve());
      return;
    case "xstate.error.actor.downloadInvoice":
      await act(async () => download?.reject(new Error("offline")));
      return;
    case "retry":
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
      return;
    case "filter.set":
      fireEvent.change(screen.getByLabelText("Program Name"), {
        target: { value: (event.values as string[])[0] ?? "" },
      });
      return;
    case "table.changed": {
      // Each of the fixture's views differs from the first in one thing: the search, the order or the page.
      const view = event.view as TableQuery;
      if (view.search)
        fireEvent.change(screen.getByLabelText("Search Payouts"), { target: { value: view.search } });
      if (view.sort) fireEvent.click(screen.getByRole("button", { name: "Amount" }));
      if (view.page > 1) fireEvent.click(screen.getByRole("button", { name: "Next" }));
      return;
    }
    case "payment.open":
      fireEvent.click(screen.getByRole("button", { name: "Update Status" }));
      return;
    case "payment.recorded": {
      const dialog = await screen.findByRole("dialog");
      fireEvent.change(within(dialog).getByLabelText("Status"), { target: { value: "payment_successful" } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(within(dialog).getByText("Updated 1 outlet.")).toBeTruthy());
      return;
    }
    case "payment.close":
      fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }));
      return;
    case "invoice.download":
      fireEvent.click(screen.getByRole("button", { name: "Download Invoice" }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

async function expectScreenFor(state: string, ctx: PayoutDetailsContext) {
  switch (state) {
    case "loading":
      // Each entry into loading is one more request (a closing dialog first plays its 400 ms exit).
      await waitFor(() => expect(requests).toHaveLength(loadings), { timeout: 2000 });
      expect(requests.at(-1)).toMatchObject({
        page: ctx.view.page,
        pageSize: ctx.view.pageSize,
        search: ctx.view.search,
        ordering: payoutOrdering(ctx.view.sort),
      });
      expect(requests.at(-1)?.filters).toEqual(ctx.filters);
      return;
    case "ready": {
      const table = await screen.findByRole("table", { name: "Payouts" });
      expect(within(table).getAllByRole("row")).toHaveLength(ctx.rows.length + 1);
      for (const h of ["RS Payout Cycle", "Program Name", "Client Payout Cycle", "Amount", "Payment Remarks"])
        expect(within(table).getByRole("columnheader", { name: h })).toBeTruthy();
      expect(screen.getByText(pagerText(ctx.view.page, ctx.count, ctx.view.pageSize))).toBeTruthy();
      const amount = within(table).getByRole("columnheader", { name: "Amount" });
      expect(amount.getAttribute("aria-sort")).toBe(ctx.view.sort ? "ascending" : null);
      expect(screen.queryByRole("dialog")).toBeNull();
      const latest = screen.getByRole("table", { name: "Latest transaction details" });
      expect(within(latest).getByText(ctx.transaction?.paid_amt ?? "N/A")).toBeTruthy();
      return;
    }
    case "confirming": {
      const dialog = await screen.findByRole("dialog");
      expect(within(dialog).getByText("Add transaction details below")).toBeTruthy();
      expect(within(dialog).getByText(ctx.recorded ? "Updated 1 outlet." : "1 outlet selected")).toBeTruthy();
      return;
    }
    case "downloading":
      await waitFor(() =>
        expect(downloads.at(-1)).toEqual({
          file: ctx.downloading?.invoice_data?.file,
          invoice_no: ctx.downloading?.invoice_data?.invoice_no,
        }),
      );
      return;
    case "failed":
      await waitFor(() =>
        expect(screen.getByRole("alert").textContent).toBe("The payouts could not be loaded."),
      );
      return;
    default:
      throw new Error(`no screen check for state ${state}`);
  }
}

describe("Payout Details follows the payoutDetails machine", () => {
  it("the paths driven here reach every state", () => expectEveryStateReached(payoutDetailsFixture, paths));

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    render(
      <PayoutDetailsPanel
        slug="RS000197"
        actors={actors}
        statusActors={statusActors}
        onOutletChanged={() => outletChanges++}
      />,
    );
    const machine = model(payoutDetailsFixture, input);
    await expectScreenFor(String(machine.initial.value), machine.initial.context as PayoutDetailsContext);
    for (const step of steps) {
      await perform(step.event);
      const snapshot = machine.step(step.event);
      if (snapshot.value === "loading") loadings++;
      await expectScreenFor(String(snapshot.value), snapshot.context as PayoutDetailsContext);
    }
    const recorded = steps.some((s) => s.event.type === "payment.recorded");
    expect(saves.map((s) => s.action_type)).toEqual(recorded ? ["payment_successful"] : []);
    if (recorded) expect(saves[0]?.object_ids).toEqual([197]);
    const closedAfterPayment = steps.findIndex(
      (s, i) =>
        s.event.type === "payment.close" &&
        steps.slice(0, i).some((p) => p.event.type === "payment.recorded"),
    );
    expect(outletChanges).toBe(closedAfterPayment >= 0 ? 1 : 0);
  });
});
