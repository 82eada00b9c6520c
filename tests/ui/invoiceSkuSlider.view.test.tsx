/**
 * The invoice and SKU data editing slider through Collected Bills' New SKU Data tab (spec 002
 * §2.10, §5; 001 §4.8, §5.4): the rows and empty texts shown, every §5 message at once on Save, a
 * pasted "12.5 kg" kept as 12.5, a new row removed without a call, a saved row deleted after the
 * confirmation, Save moving to the next invoice and the last marking the slider complete, the
 * banner while a retailer request is pending, and a client's read-only view.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useActorRef } from "@xstate/react";
import { afterEach, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import type { CollectedInvoice } from "../../src/domain/invoices/invoiceHeaders";
import type { InvoicesOutcome } from "../../src/machines/invoices/collectedBills";
import CollectedBills, { provideCollectedBills } from "../../src/ui/outlets/CollectedBills";
import { collectedBillsActors } from "../../src/ui/outlets/collectedBillsActors";
import { sampleAnswers, sampleHeaders } from "../machines/fixtures/invoiceSamples";
import { type SliderCalls, sliderActors, sliderData } from "./skuSliderFakes";

afterEach(cleanup);

const invoice: CollectedInvoice = {
  id: 601,
  invoice_no: "INV-1001",
  invoice_date: "2026-11-20",
  version: 1,
  is_complete: false,
  headers: sampleHeaders,
  answers: sampleAnswers,
};

function Bills({ calls, data = sliderData() }: { calls: SliderCalls; data?: ReturnType<typeof sliderData> }) {
  const actor = useActorRef(
    provideCollectedBills(() => {}, {
      ...collectedBillsActors,
      loadInvoices: fromPromise<InvoicesOutcome, { workflowObject: number }>(async () => ({
        type: "ok",
        invoices: [invoice],
      })),
      ...sliderActors(calls, data),
    }),
    {
      input: {
        workflowObject: 77,
        mayEdit: data.isEdit,
        pendingRequest: data.pendingRequest,
        maxDate: "2026-11-26",
      },
    },
  );
  return <CollectedBills actor={actor} />;
}

const calls = (): SliderCalls => ({ opened: [], saves: [], deletes: [], exports: [] });
async function open(c: SliderCalls, data?: ReturnType<typeof sliderData>) {
  render(<Bills calls={c} data={data} />);
  fireEvent.click(await screen.findByRole("tab", { name: "New SKU Data" }));
  const slider = await screen.findByRole("region", { name: "Invoice and SKU data" });
  // The first invoice's rows are read when it opens.
  if (!(data ?? sliderData()).pendingRequest) await within(slider).findByText(/Invoice 1 of/);
  return slider;
}
const cell = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe("the invoice and SKU data editing slider", () => {
  it("shows the invoice's rows and image lists, and every §5 problem at once on Save", async () => {
    const c = calls();
    const slider = await open(c);
    expect(within(slider).getByText(/Invoice 1 of 2/)).toBeTruthy();
    expect(cell("SKU rows 1 SKU Name").value).toBe("Fizzup Cola 250 ml");
    expect(within(slider).getByText("SKU-0001")).toBeTruthy();
    for (const empty of ["No Invoice Images", "No SKU Images", "No Add On SKU Images"])
      expect(within(slider).getByText(empty)).toBeTruthy();
    // 001 §5.4: pasted text keeps its first token; a number cell keeps digits and one point.
    fireEvent.paste(cell("SKU rows 1 Quantity"), { clipboardData: { getData: () => "12.5 kg" } });
    expect(cell("SKU rows 1 Quantity").value).toBe("12.5");
    fireEvent.change(cell("SKU rows 1 SKU Name"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Add New Sku" }));
    fireEvent.change(cell("SKU rows 2 SKU Name"), { target: { value: "Mystery cola" } });
    fireEvent.change(cell("SKU rows 2 Quantity"), { target: { value: "900" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("SKU Name cannot be empty.");
    expect(screen.getByText("Quantity must be a whole number")).toBeTruthy();
    expect(screen.getByText("Mystery cola is not in the sub-project's SKU list")).toBeTruthy();
    expect(screen.getByText("Quantity must be at most 500")).toBeTruthy();
    expect(screen.getAllByText("Pack cannot be empty")).toHaveLength(1);
    expect(c.saves).toEqual([]);
  });

  it("removes a new row without a call and a saved row only after the confirmation", async () => {
    const c = calls();
    await open(c);
    fireEvent.click(screen.getByRole("button", { name: "Add New Sku" }));
    fireEvent.click(screen.getByRole("button", { name: "SKU rows 2 delete" }));
    expect(screen.queryByLabelText("SKU rows 2 SKU Name")).toBeNull();
    expect(screen.queryByRole("dialog", { name: "Delete row" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "SKU rows 1 delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete row" });
    expect(within(dialog).getByText("Are you sure you want to delete this row?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(cell("SKU rows 1 SKU Name").value).toBe("Fizzup Cola 250 ml");
    fireEvent.click(screen.getByRole("button", { name: "SKU rows 1 delete" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Delete row" })).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(screen.queryByLabelText("SKU rows 1 SKU Name")).toBeNull());
    expect(c.deletes).toEqual([{ row: 901, version: 1 }]);
  });

  it("saves and moves to the next invoice; saving the last marks the slider complete", async () => {
    const c = calls();
    const slider = await open(c);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await within(slider).findByText(/Invoice 2 of 2/);
    expect(within(slider).getByText("No sku entries received in bill")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("All invoices of this outlet are saved.");
    expect(c.saves.map((s) => [s.invoice, s.version])).toEqual([
      [601, 1],
      [602, 1],
    ]);
    // The second invoice has no rows to export; Previous reopens the first, its rows read again.
    expect(
      (screen.getByRole("button", { name: "Export SKU rows (CSV)" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "‹ Previous" }));
    await within(slider).findByText(/Invoice 1 of 2/);
    expect(c.opened).toEqual([601, 602, 601]);
    // Export: the open invoice's rows in a job, its file offered as a link.
    fireEvent.click(screen.getByRole("button", { name: "Export SKU rows (CSV)" }));
    expect((await screen.findByRole("link", { name: "Open the CSV" })).getAttribute("href")).toBe(
      "/api/files/5/sku.csv",
    );
    expect(c.exports).toEqual([{ workflowObject: 77, rows: [901], addOn: false }]);
  });

  it("is blocked by a pending retailer request, and read only for a client", async () => {
    const slider = await open(calls(), sliderData(true, false));
    expect(within(slider).getByRole("alert").textContent).toBe(
      "Please complete all pending retailer edits before proceeding.",
    );
    cleanup();
    await open(calls(), sliderData(false, false));
    expect(cell("SKU rows 1 SKU Name").disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add New Sku" })).toBeNull();
  });
});
