/**
 * The invoiceSlider machine's paths, one per transition (the shortest path ending in it), driven
 * through the editing slider with faked calls. After each step the screen shows what the machine's
 * state and context say: the invoice shown, each row's SKU name, every problem, the delete
 * question, the banner, the complete message.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useActorRef } from "@xstate/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import type { InvoiceSliderContext } from "../../src/machines/invoices/invoiceSlider";
import { invoiceSliderMachine } from "../../src/machines/invoices/invoiceSlider";
import { skuExportMachine } from "../../src/machines/invoices/skuExport";
import InvoiceSkuSlider from "../../src/ui/outlets/InvoiceSkuSlider";
import { invoiceSliderFixture } from "../machines/fixtures/invoiceSlider";
import { model, type ViewStep, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Deferred | null;
// Typed by the machine that runs it; its answer is the path's own event.
const later = (): never =>
  fromPromise<unknown, unknown>(
    () =>
      new Promise((resolve, reject) => {
        pending = { resolve: resolve as (v: unknown) => void, reject };
      }),
  ) as never;

beforeEach(() => {
  pending = null;
});
afterEach(cleanup);

/** One path per transition of the generated paths. */
const paths = viewPaths(invoiceSliderFixture);

function Slider() {
  const slider = useActorRef(
    invoiceSliderMachine.provide({
      actors: { loadSlider: later(), loadInvoice: later(), saveInvoice: later(), skuRow: later() },
    }),
    { input: { workflowObject: 77 } },
  );
  const exporter = useActorRef(
    skuExportMachine.provide({ actors: { startExport: later(), readJob: later() } }),
    {
      input: { workflowObject: 77 },
    },
  );
  return <InvoiceSkuSlider actor={slider} exporter={exporter} onClose={() => {}} />;
}

const TITLES = {
  simplifiedinvoiceskudata: "SKU rows",
  simplifiedinvoiceaddonsku: "Add-on SKU rows",
} as const;
type List = keyof typeof TITLES;

/** The row's number on screen, from the machine's context before the step; null when it has none. */
function rowNumber(context: InvoiceSliderContext, list: List, key: string): number | null {
  const i = context.draft?.[list].findIndex((r) => r.key === key) ?? -1;
  return i < 0 ? null : i + 1;
}

const control = (label: string) => screen.queryByLabelText(label, { exact: true });
const clickIf = (el: Element | null) => {
  if (el && !(el as HTMLButtonElement).disabled) fireEvent.click(el);
};

async function perform(event: ViewStep["event"], before: InvoiceSliderContext) {
  const e = event as ViewStep["event"] & {
    list: List;
    key: string;
    value: string;
    name: string;
    field: unknown;
  };
  const row = e.list ? rowNumber(before, e.list, e.key) : null;
  const label = (what: string) => `${TITLES[e.list]} ${row} ${what}`;
  switch (event.type) {
    case "retry":
      return clickIf(screen.queryByRole("button", { name: "Try again" }));
    case "invoice.next":
      return clickIf(screen.queryByRole("button", { name: "Next ›" }));
    case "invoice.previous":
      return clickIf(screen.queryByRole("button", { name: "‹ Previous" }));
    case "row.add":
      return clickIf(screen.queryByRole("button", { name: "Add New Sku" }));
    case "row.sku": {
      const input = row ? control(label("SKU Name")) : null;
      if (input && !(input as HTMLInputElement).disabled)
        fireEvent.change(input, { target: { value: e.name } });
      return;
    }
    case "row.value": {
      const input = row ? control(label("Quantity")) : null;
      if (input && !(input as HTMLInputElement).disabled)
        fireEvent.change(input, { target: { value: e.value } });
      return;
    }
    case "row.text": {
      const input = row ? control(label("Brand")) : null;
      if (input && !(input as HTMLInputElement).disabled)
        fireEvent.change(input, { target: { value: e.value } });
      return;
    }
    case "header.change": {
      const input = control("Retailer name");
      if (input && !(input as HTMLInputElement).disabled)
        fireEvent.change(input, { target: { value: e.value } });
      return;
    }
    case "row.remove":
      return clickIf(row ? screen.queryByRole("button", { name: new RegExp(`^${label("delete")}$`) }) : null);
    case "remove.confirm":
      return clickIf(screen.queryByRole("button", { name: /^Delete$/ }));
    case "remove.cancel":
      return clickIf(screen.queryByRole("button", { name: "Cancel" }));
    case "save":
      return clickIf(screen.queryByRole("button", { name: "Save" }));
    case "reset":
      return clickIf(screen.queryByRole("button", { name: "Reset" }));
    default:
      await act(async () => {
        if (event.type.startsWith("xstate.done")) pending?.resolve((event as { output?: unknown }).output);
        else pending?.reject(new Error("unexpected"));
      });
  }
}

type Shown = { context: unknown; matches: (value: unknown) => boolean };

function expectScreenFor(snapshot: Shown) {
  const c = snapshot.context as InvoiceSliderContext;
  if (snapshot.matches("loading")) return expect(screen.getByText("Loading invoices…")).toBeDefined();
  if (snapshot.matches("opening")) return expect(screen.getByText("Loading the invoice…")).toBeDefined();
  if (snapshot.matches("failed")) return expect(screen.getByRole("alert").textContent).toContain(c.message);
  if (snapshot.matches("blocked"))
    return expect(screen.getByRole("alert").textContent).toBe(
      "Please complete all pending retailer edits before proceeding.",
    );
  if (snapshot.matches("empty")) return expect(screen.getByText("No invoice details found.")).toBeDefined();
  expect(screen.getByText(new RegExp(`^Invoice ${c.index + 1} of ${c.data!.invoices.length}`))).toBeDefined();
  for (const list of Object.keys(TITLES) as List[])
    c.draft![list].forEach((r, i) => {
      expect((control(`${TITLES[list]} ${i + 1} SKU Name`) as HTMLInputElement).value).toBe(r.sku_name);
    });
  for (const message of new Set(Object.values(c.problems)))
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  expect(screen.queryByRole("dialog", { name: "Delete row" }) !== null).toBe(
    snapshot.matches({ ready: "removing" }),
  );
  if (c.message) expect(screen.getByText(c.message)).toBeDefined();
  const save = screen.queryByRole("button", { name: /^Sav/ }) as HTMLButtonElement | null;
  expect(save !== null).toBe(c.data!.isEdit && !snapshot.matches("complete"));
}

describe("the editing slider follows the invoiceSlider machine", () => {
  it("the paths driven here take every transition's last step and reach every top-level state", () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const state of ["failed", "blocked", "empty", "complete"])
      expect(reached).toContain(JSON.stringify(state));
    expect(paths.length).toBeGreaterThan(20);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    const machine = model(invoiceSliderFixture, input);
    render(<Slider />);
    let before = machine.initial;
    await waitFor(() => expectScreenFor(before));
    for (const step of steps) {
      await perform(step.event, before.context as InvoiceSliderContext);
      const expected = machine.step(step.event);
      await waitFor(() => expectScreenFor(expected));
      before = expected;
    }
  });
});
