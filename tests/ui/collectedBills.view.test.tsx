/**
 * The Collected Bills group on screen (spec 001 §2.2, §4.2, §4.4, §4.8, §5.3, §9; 002 §8): with the
 * calls faked, the tabs in their colours, show-logic, every §5.3 message at once, a GST change
 * clearing its verified mark and names, Verify beside the GSTIN (a wrong format refused on the spot, a
 * pass showing the names found, a refusal its message), a save moving the tabs on, the number/date dialog restoring
 * the old number when the server refuses, and no editing without permission.
 */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useActorRef } from "@xstate/react";
import { afterEach, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import type {
  CollectedInvoice,
  HeaderLookupOutcome,
  HeaderLookupRequest,
  HeaderSaveOutcome,
  HeaderSaveRequest,
  InvoiceCreateOutcome,
  InvoiceCreateRequest,
  NumberDateOutcome,
  NumberDateRequest,
} from "../../src/domain/invoices/invoiceHeaders";
import type { InvoicesOutcome } from "../../src/machines/invoices/collectedBills";
import CollectedBills, { provideCollectedBills } from "../../src/ui/outlets/CollectedBills";
import { sampleAnswers, sampleHeaders } from "../machines/fixtures/invoiceSamples";
import { type SliderCalls, sliderActors } from "./skuSliderFakes";

const sliderCalls: SliderCalls = { opened: [], saves: [], deletes: [], exports: [] };

afterEach(cleanup);

const invoice = (id: number, invoice_no: string) => ({
  id,
  invoice_no,
  invoice_date: "2026-11-20",
  version: 1,
  is_complete: false,
  headers: sampleHeaders,
  answers: sampleAnswers,
});
const saved: HeaderSaveRequest[] = [];
const created: InvoiceCreateRequest[] = [];
const lookups: HeaderLookupRequest[] = [];
const GST_OK = "GST number validated successfully.";
const GST_BAD = "Invalid GST format. The given GST number is not in the proper format.";
const verified: HeaderLookupOutcome = {
  ok: true,
  message: GST_OK,
  version: 2,
  names: {
    gst_legal_name: "Kumar Traders Private Limited",
    gst_trade_name: "Kumar Traders",
    gst_registration_status: "Active",
  },
};
const actors = (
  numberOutcome: NumberDateOutcome = { type: "ok", version: 2 },
  lookupOutcome: HeaderLookupOutcome = verified,
) => ({
  loadInvoices: fromPromise<InvoicesOutcome, { workflowObject: number }>(async () => ({
    type: "ok",
    invoices: [invoice(501, "INV-1001"), invoice(502, "INV-1002"), invoice(503, "INV-1003")],
  })),
  saveHeaders: fromPromise<HeaderSaveOutcome, HeaderSaveRequest>(async ({ input }) => {
    saved.push(input);
    return { type: "ok", version: 2 };
  }),
  saveNumberDate: fromPromise<NumberDateOutcome, NumberDateRequest>(async () => numberOutcome),
  verify: fromPromise<HeaderLookupOutcome, HeaderLookupRequest>(async ({ input }) => {
    lookups.push(input);
    return lookupOutcome;
  }),
  createInvoice: fromPromise<InvoiceCreateOutcome, InvoiceCreateRequest>(async ({ input }) => {
    created.push(input);
    const added: CollectedInvoice = { ...invoice(504, input.invoice_no), invoice_date: input.invoice_date };
    return { type: "ok", invoice: added };
  }),
  ...sliderActors(sliderCalls),
});

/** The group as Survey Details runs it: the machine with the faked calls, shown by the view. */
function Bills({
  mayEdit,
  pendingRequest,
  actors: calls,
}: {
  mayEdit: boolean;
  pendingRequest: boolean;
  actors: ReturnType<typeof actors>;
}) {
  const actor = useActorRef(
    provideCollectedBills(() => {}, calls),
    {
      input: { workflowObject: 77, mayEdit, pendingRequest, maxDate: "2026-11-26" },
    },
  );
  return <CollectedBills actor={actor} />;
}
/** The invoice tabs (the New SKU Data tab after them opens the slider). */
const tabs = () =>
  screen
    .getAllByRole("tab")
    .filter((t) => t.textContent !== "New SKU Data")
    .map((t) => [t.textContent, t.className.split("invoice-tab-")[1]]);

describe("Collected Bills", () => {
  it("shows the tabs in their colours, every header message at once, and moves on after a save", async () => {
    render(<Bills mayEdit pendingRequest={false} actors={actors()} />);
    await screen.findByRole("tablist");
    expect(tabs()).toEqual([
      ["INV-1001", "blue"],
      ["INV-1002", "grey"],
      ["INV-1003", "grey"],
    ]);
    expect(screen.getByRole("link", { name: "Invoice images" }).getAttribute("href")).toBe(
      "/dashboard/collected-bill-image-viewer/77",
    );
    // A GST change clears its verified mark and its names (§4.8).
    expect(screen.getByText("Verified")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Distributor GSTIN *"), { target: { value: "27ABCDE1234F0Z5" } });
    expect(screen.getByText("Not verified")).toBeTruthy();
    expect(screen.queryByText(/Legal name:/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Invalid GST Number.")).toBeTruthy();
    expect(screen.getByText("Bill number cannot be empty.")).toBeTruthy();
    // Paid in cash: the GSTIN is hidden (show-logic), so only the bill number is asked.
    fireEvent.change(screen.getByLabelText("Payment mode *"), { target: { value: "Cash" } });
    expect(screen.queryByLabelText("Distributor GSTIN *")).toBeNull();
    fireEvent.change(screen.getByLabelText("Bill number *"), { target: { value: "B-77" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(tabs()).toEqual([
        ["INV-1001", "green"],
        ["INV-1002", "blue"],
        ["INV-1003", "grey"],
      ]),
    );
    expect(saved.at(-1)?.invoice).toBe(501);
  });

  it("Verify beside the GSTIN: a wrong format says so, a pass shows the names, a change clears them", async () => {
    lookups.length = 0;
    render(<Bills mayEdit pendingRequest={false} actors={actors()} />);
    const gstin = await screen.findByLabelText("Distributor GSTIN *");
    const verify = () => screen.getByRole("button", { name: "Verify Distributor GSTIN" });
    fireEvent.change(gstin, { target: { value: "27ABCDE1234F0Z5" } });
    fireEvent.click(verify());
    expect(screen.getByRole("status").textContent).toBe("Invalid GST Number.");
    expect(lookups).toEqual([]);

    fireEvent.change(gstin, { target: { value: "29AAPFU0939F1ZV" } });
    fireEvent.click(verify());
    expect(await screen.findByText("Legal name: Kumar Traders Private Limited")).toBeTruthy();
    expect(screen.getByText("Trade name: Kumar Traders")).toBeTruthy();
    expect(screen.getByText("Registration status: Active")).toBeTruthy();
    expect(screen.getByText("Verified")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(GST_OK);
    expect(lookups).toEqual([{ invoice: 501, version: 1, header: 2, value: "29AAPFU0939F1ZV" }]);

    // Changing the value afterwards clears the names and the verified mark (§4.8).
    fireEvent.change(gstin, { target: { value: "29AAPFU0939F1Z1" } });
    expect(screen.getByText("Not verified")).toBeTruthy();
    expect(screen.queryByText(/Legal name:/)).toBeNull();
    // The lookup moved the invoice's version on: Save goes at it.
    fireEvent.change(gstin, { target: { value: "29AAPFU0939F1ZV" } });
    fireEvent.change(screen.getByLabelText("Bill number *"), { target: { value: "B-77" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved.at(-1)?.version).toBe(2));
  });

  it("a refused GSTIN shows the service's message and stays unverified", async () => {
    render(
      <Bills mayEdit pendingRequest={false} actors={actors(undefined, { ok: false, message: GST_BAD })} />,
    );
    fireEvent.change(await screen.findByLabelText("Distributor GSTIN *"), {
      target: { value: "29AAPFU0939F1ZV" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Verify Distributor GSTIN" }));
    expect((await screen.findByRole("status")).textContent).toBe(GST_BAD);
    expect(screen.getByText("Not verified")).toBeTruthy();
    expect(screen.queryByText(/Legal name:/)).toBeNull();
  });

  it("the number dialog refuses an empty number and restores the old one when the server refuses", async () => {
    const refusal = "Please complete all pending retailer edits before proceeding.";
    render(<Bills mayEdit pendingRequest={false} actors={actors({ type: "failed", message: refusal })} />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit invoice number and date" }));
    const number = screen.getByLabelText("Invoice Number");
    fireEvent.change(number, { target: { value: "" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Save" })[0]!);
    expect(screen.getByText("Invoice Number cannot be empty.")).toBeTruthy();
    fireEvent.change(number, { target: { value: "INV-9" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Save" })[0]!);
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect((screen.getByLabelText("Invoice Number") as HTMLInputElement).value).toBe("INV-1001");
  });

  it("without edit permission there is no pencil, no Save and the inputs are disabled", async () => {
    render(<Bills mayEdit={false} pendingRequest={false} actors={actors()} />);
    await screen.findByRole("tablist");
    expect(screen.queryByRole("button", { name: "Edit invoice number and date" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Verify Distributor GSTIN" })).toBeNull();
    expect((screen.getByLabelText("Bill number *") as HTMLInputElement).disabled).toBe(true);
  });

  it("Add Invoice asks a number, sends one request however often Save is clicked, and opens the new tab", async () => {
    created.length = 0;
    render(<Bills mayEdit pendingRequest={false} actors={actors()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Add Invoice" }));
    const dialog = screen.getByRole("dialog", { name: "Add Invoice" });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(dialog.textContent).toContain("Invoice Number cannot be empty.");
    fireEvent.change(screen.getByLabelText("Invoice Number", { selector: "#new-invoice-no" }), {
      target: { value: "INV-2001" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    fireEvent.click(screen.getByRole("button", { name: "Adding…" }));
    await waitFor(() => expect(tabs().at(-1)).toEqual(["INV-2001", "blue"]));
    expect(created).toEqual([{ workflowObject: 77, position: 4, invoice_no: "INV-2001", invoice_date: "" }]);
    expect(screen.queryByRole("dialog", { name: "Add Invoice" })).toBeNull();
  });

  it("with a retailer request pending Save shows the banner", async () => {
    render(<Bills mayEdit pendingRequest actors={actors()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Please complete all pending retailer edits before proceeding.",
    );
  });
});
