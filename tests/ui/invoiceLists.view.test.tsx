/**
 * The collected-bills lists' filters on screen: the drawer's choices become the query each list
 * asks for and the chips and address that keep them; a list opened from an address starts with its
 * filters; the invoice date range refuses a To beyond 30 days of From in the drawer, and a range
 * read from an address that breaks the rule shows the alert and asks nothing; a row opens its outlet.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { InvoiceRecordId, WorkflowObjectId } from "../../src/domain/api/ids";
import type { CollectedBillRow, InvoiceListRow } from "../../src/domain/invoices/invoices";
import CollectedBillsListScreen from "../../src/ui/invoices/CollectedBillsListScreen";
import InvoiceListScreen from "../../src/ui/invoices/InvoiceListScreen";

const asked = vi.hoisted(() => ({
  bills: [] as { query: unknown; page: unknown }[],
  invoices: [] as { query: unknown; page: unknown }[],
  refuse: null as null | Record<string, string[]>,
}));

const bill: CollectedBillRow = {
  workflow_object: WorkflowObjectId.make(89),
  rsid: "RS000089",
  outlet_name: "Sharma Kirana",
  outlet_slug: "RS000089",
  project: "Acme MI",
  sub_project: "Acme MI main",
  workflow_state: "qc_pending",
  total_invoices: 3,
  total_no_of_invoice_pending: 1,
};
const invoice: InvoiceListRow = {
  id: InvoiceRecordId.make(7),
  workflow_object: WorkflowObjectId.make(89),
  rsid: "RS000089",
  outlet_name: "Sharma Kirana",
  outlet_slug: "RS000089",
  sub_project: "Acme MI main",
  invoice_no: "INV-000089-1",
  invoice_date: "2026-11-22",
  is_complete: false,
  images: 2,
};
const pageOf = <R,>(row: R) => ({
  results: [row],
  count: 1,
  previous: null,
  next: null,
  current_page_number: 1,
  page_size: 15,
});

vi.mock("../../src/infra/api/invoiceLists", () => ({
  collectedBillsQuery: (query: unknown, page: unknown) => ({
    queryKey: ["bills", query, page],
    queryFn: async () => {
      asked.bills.push({ query, page });
      return pageOf(bill);
    },
  }),
  invoiceListQuery: (query: unknown, page: unknown) => ({
    queryKey: ["invoices", query, page],
    queryFn: async () => {
      asked.invoices.push({ query, page });
      if (asked.refuse) throw { _tag: "ValidationError", status: 400, body: asked.refuse };
      return pageOf(invoice);
    },
  }),
  billFilterOptionsQuery: () => ({
    queryKey: ["bill-options"],
    queryFn: async () => ({
      project: [{ slug: "acme-mi", name: "Acme MI" }],
      sub_project: [{ slug: "acme-mi-main", name: "Acme MI main" }],
    }),
  }),
}));

function show(screenElement: React.ReactElement, address: string) {
  window.history.replaceState(null, "", address);
  const location = memoryLocation({ path: address.split("?")[0]!, record: true });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Router hook={location.hook}>{screenElement}</Router>
    </QueryClientProvider>,
  );
  return location;
}

const drawer = () => screen.getByRole("dialog", { name: "FilterList" });
async function openFilters() {
  fireEvent.click(screen.getByRole("button", { name: /^Filters/ }));
  await within(drawer()).findByRole("button", { name: "Apply Filter" });
  await waitFor(() => expect(within(drawer()).queryByText("Loading…")).toBeNull());
}
const tick = async (label: string) => fireEvent.click(await within(drawer()).findByLabelText(label));
const apply = () => fireEvent.click(within(drawer()).getByRole("button", { name: "Apply Filter" }));
const chips = () =>
  within(screen.queryByRole("list", { name: "Applied filters" }) ?? document.createElement("ul"))
    .queryAllByRole("listitem")
    .map((li) => li.querySelector("span")?.textContent);
const params = () => new URLSearchParams(window.location.search);

beforeEach(() => {
  asked.bills.length = 0;
  asked.invoices.length = 0;
  asked.refuse = null;
});

describe("the bills list", () => {
  it("narrows by project and status, keeps them in chips and the address, and a chip removes its filter", async () => {
    show(<CollectedBillsListScreen />, "/dashboard/collected-bills-list");
    expect(await screen.findByRole("cell", { name: "Sharma Kirana" })).toBeTruthy();
    expect(asked.bills.at(-1)).toEqual({ query: {}, page: { page: 1, pageSize: 15 } });
    // The pending count is the outlet's own.
    const row = screen.getByRole("row", { name: /RS000089/ });
    expect(within(row).getByRole("cell", { name: "1" })).toBeTruthy();

    await openFilters();
    await tick("Acme MI");
    await tick("Pending");
    apply();
    await waitFor(() =>
      expect(asked.bills.at(-1)?.query).toEqual({ project: ["acme-mi"], status: "pending" }),
    );
    expect(params().getAll("project")).toEqual(["acme-mi"]);
    expect(params().getAll("status")).toEqual(["pending"]);
    await waitFor(() => expect(chips()).toEqual(["Project: Acme MI", "Status: Pending"]));
    expect(screen.getByRole("button", { name: "Filters, 2 applied" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Remove filter Status: Pending" }));
    await waitFor(() => expect(asked.bills.at(-1)?.query).toEqual({ project: ["acme-mi"] }));
    expect(params().getAll("status")).toEqual([]);
    expect(chips()).toEqual(["Project: Acme MI"]);
  });

  it("starts from its address; both statuses ticked narrow nothing; the search goes to the server", async () => {
    show(
      <CollectedBillsListScreen />,
      "/dashboard/collected-bills-list?sub_project=acme-mi-main&status=pending&status=complete",
    );
    await screen.findByRole("cell", { name: "Sharma Kirana" });
    expect(asked.bills.at(-1)?.query).toEqual({ sub_project: ["acme-mi-main"] });
    await waitFor(() =>
      expect(chips()).toEqual(["Sub-project: Acme MI main", "Status: Pending", "Status: Complete"]),
    );
    fireEvent.change(screen.getByRole("searchbox", { name: /Search/ }), { target: { value: "RS000089 " } });
    await waitFor(() =>
      expect(asked.bills.at(-1)?.query).toEqual({ sub_project: ["acme-mi-main"], search: "RS000089" }),
    );
    expect(params().get("search")).toBe("RS000089");
  });

  it("opens the outlet's review from a row", async () => {
    const location = show(<CollectedBillsListScreen />, "/dashboard/collected-bills-list");
    fireEvent.click(await screen.findByRole("cell", { name: "Sharma Kirana" }));
    expect(location.history?.at(-1)).toBe("/dashboard/list-of-outlets/view/RS000089");
  });
});

describe("the invoices list", () => {
  it("refuses a To beyond 30 days of From in the drawer, then applies a range within it", async () => {
    show(<InvoiceListScreen />, "/dashboard/invoices");
    expect(await screen.findByRole("cell", { name: "INV-000089-1" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Nov 22, 2026" })).toBeTruthy();
    await openFilters();
    const from = within(drawer()).getByLabelText("From");
    const to = within(drawer()).getByLabelText("To") as HTMLInputElement;
    fireEvent.change(from, { target: { value: "2026-10-01" } });
    fireEvent.change(to, { target: { value: "2026-11-15" } });
    expect(within(drawer()).getByRole("alert").textContent).toBe(
      "To Date must be within 30 days of From Date",
    );
    expect(to.value).toBe("");
    fireEvent.change(to, { target: { value: "2026-10-31" } });
    expect(within(drawer()).queryByRole("alert")).toBeNull();
    await tick("Acme MI main");
    await tick("Complete");
    apply();
    await waitFor(() =>
      expect(asked.invoices.at(-1)?.query).toEqual({
        sub_project: ["acme-mi-main"],
        status: "complete",
        invoice_date_after: "2026-10-01",
        invoice_date_before: "2026-10-31",
      }),
    );
    expect(params().get("invoice_date_from")).toBe("2026-10-01");
    expect(params().get("invoice_date_to")).toBe("2026-10-31");
    await waitFor(() =>
      expect(chips()).toEqual([
        "Sub-project: Acme MI main",
        "Status: Complete",
        "Invoice date: 2026-10-01 to 2026-10-31",
      ]),
    );
  });

  it("shows the alert for a range over 30 days read from its address and asks the server nothing", async () => {
    show(
      <InvoiceListScreen />,
      "/dashboard/invoices?invoice_date_from=2026-01-01&invoice_date_to=2026-03-01",
    );
    expect((await screen.findByRole("alert")).textContent).toBe(
      "To Date must be within 30 days of From Date",
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(asked.invoices).toEqual([]);
    // Removing the range asks again.
    fireEvent.click(
      screen.getByRole("button", { name: "Remove filter Invoice date: 2026-01-01 to 2026-03-01" }),
    );
    await screen.findByRole("cell", { name: "INV-000089-1" });
    expect(asked.invoices.at(-1)?.query).toEqual({});
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the server's words when it refuses the page", async () => {
    asked.refuse = { invoice_date_before: ["To Date must be within 30 days of From Date"] };
    show(<InvoiceListScreen />, "/dashboard/invoices");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "To Date must be within 30 days of From Date",
    );
  });
});
