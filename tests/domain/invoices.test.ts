/** Collected bills' own rules: who edits invoices (001 §4.2) and the pending count (001 §3). */
import { describe, expect, it } from "vitest";
import { mayEditInvoices, pendingInvoices } from "../../src/domain/invoices/invoices";

describe("mayEditInvoices", () => {
  it("lets QC roles edit while the edit permission holds", () => {
    expect(mayEditInvoices("qc-manager", "qc_pending", false, true)).toBe(true);
    expect(mayEditInvoices("qc-executive", "qc_pending", false, true)).toBe(true);
    expect(mayEditInvoices("qc-executive", "qc_accepted", false, true)).toBe(false);
    expect(mayEditInvoices("project-manager", "qc_accepted", false, true)).toBe(true);
    expect(mayEditInvoices("qc-manager", "qc_pending", true, true)).toBe(false);
  });

  it("never lets a client's users edit, even where answers may be edited", () => {
    expect(mayEditInvoices("client-manager", "wip_client_accepted", false, true)).toBe(false);
    expect(mayEditInvoices("calling-executive", "calling_accepted", false, true)).toBe(false);
  });
});

describe("pendingInvoices", () => {
  it("counts the invoices whose headers were not saved", () => {
    expect(pendingInvoices([{ is_complete: true }, { is_complete: false }, { is_complete: false }])).toBe(2);
    expect(pendingInvoices([])).toBe(0);
  });
});
