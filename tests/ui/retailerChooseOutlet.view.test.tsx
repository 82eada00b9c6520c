/**
 * The retailer's earnings and invoices opened without ?rsid=: the only outlet opens at once, and
 * with several the page asks which, instead of saying Not found.
 */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { retailerOutletsQuery } from "../../src/infra/api/mobile";
import { RetailerEarnings, RetailerInvoices } from "../../src/ui/mobile/SignedInMobilePages";
import { queryClient } from "../../src/ui/queryClient";

const outlet = (rsid: string, name: string) => ({
  rsid,
  name,
  address: "12 Hill Road",
  pin: "400050",
  city: "Mumbai",
  program_name: "Acme Retail Audit",
  workflow_state: "qc_accepted",
});

function renderAt(path: string, Page: () => React.ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Page />
    </Router>,
  );
  return location;
}

beforeEach(() => vi.stubGlobal("fetch", () => new Promise(() => {})));
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe("a retailer page opened without its outlet", () => {
  it("opens the only outlet", async () => {
    queryClient.setQueryData(retailerOutletsQuery().queryKey, {
      results: [outlet("RS000001", "Kumar Stores")],
    });
    const location = renderAt("/retailers/earnings", RetailerEarnings);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/retailers/earnings?rsid=RS000001"));
  });

  it("asks which outlet when there are several", async () => {
    queryClient.setQueryData(retailerOutletsQuery().queryKey, {
      results: [outlet("RS000001", "Kumar Stores"), outlet("RS000002", "Mehta Kirana")],
    });
    renderAt("/retailers/list-of-invoices", RetailerInvoices);
    expect(await screen.findByText("Which outlet?")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Mehta Kirana" }).getAttribute("href")).toBe(
      "/retailers/list-of-invoices?rsid=RS000002",
    );
    expect(screen.queryByText(/not found/i)).toBeNull();
  });
});
