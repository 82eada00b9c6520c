/**
 * The bulk status modal driven through its view with faked actors: the dropdown offered for the
 * selection, extra fields by key name, the chain checklist, Processing..., the server's 400 lines,
 * Error with Try Again, and Done with Okay.
 */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { OutletId } from "../../src/domain/api/ids";
import type { BulkOutlet, BulkUpdateRequest } from "../../src/domain/outlets/bulkUpdate";
import { workflowPermission } from "../../src/domain/shared/permissions";
import { bulkStatusUpdateMachine } from "../../src/machines/outlets/bulkStatusUpdate";
import { actionsConfigFor } from "../../src/machines/outlets/outletWorkflowConfig";
import { modalMachine } from "../../src/machines/shared/modal";
import BulkStatusModal from "../../src/ui/outlets/BulkStatusModal";
import { bulkStatusActors } from "../../src/ui/outlets/bulkStatusActors";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
const calls = vi.hoisted(() => ({ loadChain: [] as Deferred[], saveStatus: [] as Deferred[] }));

vi.mock("../../src/ui/outlets/bulkStatusActors", async () => {
  const { fromPromise } = await import("xstate");
  const deferred = (list: Deferred[]) =>
    fromPromise<never, unknown>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          list.push({ resolve: resolve as (v: unknown) => void, reject, input });
        }),
    );
  return {
    bulkStatusActors: { loadChain: deferred(calls.loadChain), saveStatus: deferred(calls.saveStatus) },
  };
});

const outlet = (id: number, workflow_state: string, subProject = "retail_audit"): BulkOutlet => ({
  id,
  rsid: `RS${String(id).padStart(6, "0")}`,
  workflow_state,
  subProject,
  version: 2,
});

function show(outlets: BulkOutlet[], role: Parameters<typeof workflowPermission>[0]) {
  const modal = createActor(modalMachine, { input: {} }).start();
  const onUpdated = vi.fn();
  const actor = createActor(
    bulkStatusUpdateMachine.provide({ actors: bulkStatusActors, actions: { outletsChanged: onUpdated } }),
    { input: { outlets, config: actionsConfigFor(workflowPermission(role)) } },
  ).start();
  render(<BulkStatusModal modal={modal} actor={actor} years={[2026, 2027]} />);
  return { actor, onUpdated, dialog: screen.getByRole("dialog", { name: "Update Status" }) };
}

const settle = async (deferred: Deferred | undefined, value: unknown, fails = false) => {
  await act(async () => (fails ? deferred!.reject(value) : deferred!.resolve(value)));
};

beforeEach(() => {
  calls.loadChain.length = 0;
  calls.saveStatus.length = 0;
});

describe("the bulk status modal", () => {
  it("offers the common actions, confirms the chain, shows 400 lines, errors and Done", async () => {
    const { dialog, actor, onUpdated } = show(
      [outlet(1, "qc_pending"), outlet(17, "qc_pending")],
      "qc-manager",
    );
    const status = within(dialog).getByLabelText("Status") as HTMLSelectElement;
    expect([...status.options].map((o) => o.text)).toEqual(["Select an option", "QC Accept", "QC Reject"]);
    expect((within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(status, { target: { value: "qc_rejected" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), {
      target: { value: "duplicate_outlet_chain_confirmation_required" },
    });
    expect(calls.loadChain[0]?.input).toEqual({ ids: [1, 17] });
    await settle(calls.loadChain[0], [{ rsid: "RS000002", name: "Sri Balaji Kirana" }]);
    fireEvent.click(within(dialog).getByLabelText("RS000002 Sri Balaji Kirana"));
    fireEvent.change(within(dialog).getByLabelText("Reason description"), { target: { value: "Same PAN" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(within(dialog).getByText("Updating Outlet Details.")).toBeTruthy();
    expect(calls.saveStatus[0]?.input).toEqual({
      action_type: "qc_rejected",
      object_ids: [OutletId.make(1), OutletId.make(17)],
      extra_data: {
        related_workflow_reasons: "duplicate_outlet_chain_confirmation_required",
        related_workflow_reasons_description: "Same PAN",
      },
      select_all: false,
      chain_rsids: ["RS000002"],
      object_versions: { "1": 2, "17": 2 },
    } satisfies BulkUpdateRequest);

    await settle(calls.saveStatus[0], {
      type: "invalid",
      lines: ["object_ids: RS000017: changed since the list was loaded"],
    });
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "Selected outlets: RS000017: changed since the list was loaded",
    );
    expect((within(dialog).getByLabelText("Status") as HTMLSelectElement).value).toBe("qc_rejected");

    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await settle(calls.saveStatus[1], new Error("network"), true);
    expect(within(dialog).getByText("Error")).toBeTruthy();
    expect(within(dialog).getByText("Something went wrong.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Try Again" }));

    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await settle(calls.saveStatus[2], { type: "done", detail: "Updated 2 outlets." });
    expect(onUpdated).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole("status").textContent).toBe("DoneUpdated 2 outlets.Okay");
    fireEvent.click(within(dialog).getByRole("button", { name: "Okay" }));
    // The list that started the update closes the dialog when the update is over.
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("shows No Actions Available when the selected states share no action", () => {
    const { dialog } = show([outlet(1, "qc_pending"), outlet(2, "qc_rejected")], "qc-manager");
    expect(within(dialog).getByText("No Actions Available")).toBeTruthy();
    expect(within(dialog).queryByLabelText("Status")).toBeNull();
  });

  it("takes several reasons for wip_with_reasons and sends them semicolon-terminated", async () => {
    const { dialog } = show([outlet(9, "calling_accepted", "mi")], "client-manager");
    fireEvent.change(within(dialog).getByLabelText("Status"), { target: { value: "wip_with_reasons" } });
    fireEvent.click(within(dialog).getByLabelText("Signage pending"));
    fireEvent.click(within(dialog).getByLabelText("Stock pending"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((calls.saveStatus[0]?.input as BulkUpdateRequest).extra_data).toEqual({
      related_workflow_reasons: "signage_pending;stock_pending;",
    });
  });

  it("renders extra fields by key name: text, numeric, and a day month year date", () => {
    const { dialog } = show([outlet(5, "payouts_plotted", "payout_cycle")], "iftu-executive");
    fireEvent.change(within(dialog).getByLabelText("Status"), { target: { value: "payment_successful" } });
    expect((within(dialog).getByLabelText("UTR number") as HTMLInputElement).type).toBe("text");
    expect((within(dialog).getByLabelText("Amount") as HTMLInputElement).type).toBe("number");
    expect((within(dialog).getByLabelText("Payment remarks") as HTMLInputElement).type).toBe("text");
    const date = within(dialog).getByRole("group", { name: "Payment date" });
    const [day, month, year] = within(date).getAllByRole("combobox") as HTMLSelectElement[];
    expect([day!.options[0]!.text, month!.options[0]!.text, year!.options[0]!.text]).toEqual([
      "Day",
      "Month",
      "Year",
    ]);
    fireEvent.change(day!, { target: { value: "05" } });
    fireEvent.change(month!, { target: { value: "03" } });
    fireEvent.change(year!, { target: { value: "2027" } });
    fireEvent.change(within(dialog).getByLabelText("UTR number"), { target: { value: "UTR123" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((calls.saveStatus[0]?.input as BulkUpdateRequest).extra_data).toEqual({
      payment_date: "2027-03-05",
      utr_number: "UTR123",
    });
  });

  it("shows each 400 line with the field's label, in the panel and next to its field", async () => {
    const { dialog } = show([outlet(5, "payouts_plotted", "payout_cycle")], "iftu-executive");
    fireEvent.change(within(dialog).getByLabelText("Status"), { target: { value: "payment_successful" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await settle(calls.saveStatus[0], {
      type: "invalid",
      lines: [
        "amount: Enter an amount above 0 with at most 2 decimals.",
        "utr_number: This field is required.",
        "payment_date: The payment date cannot be in the future.",
        "chain_rsids: Confirm at least one chain RSID for a duplicate outlet.",
        "The update was refused.",
      ],
    });
    const panel = within(dialog).getByRole("alert");
    expect([...panel.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Amount: Enter an amount above 0 with at most 2 decimals.",
      "UTR number: This field is required.",
      "Payment date: The payment date cannot be in the future.",
      "Chain RSIDs: Confirm at least one chain RSID for a duplicate outlet.",
      "The update was refused.",
    ]);
    expect(panel.textContent).not.toMatch(/amount:|utr_number|payment_date|chain_rsids/);

    const amount = within(dialog).getByLabelText("Amount");
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(amount.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Enter an amount above 0 with at most 2 decimals.",
    );
    const utr = within(dialog).getByLabelText("UTR number");
    expect(document.getElementById(utr.getAttribute("aria-describedby")!)?.textContent).toBe(
      "This field is required.",
    );
    const date = within(dialog).getByRole("group", { name: "Payment date" });
    expect(within(date).getByText("The payment date cannot be in the future.")).toBeTruthy();
    expect(within(date).getByLabelText("Payment date day").getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByLabelText("Payment remarks").getAttribute("aria-invalid")).toBeNull();
  });

  it("shows a date pair's line next to the end date", async () => {
    const { dialog } = show([outlet(3, "wip_client_accepted", "census")], "client-manager");
    const status = within(dialog).getByLabelText("Status") as HTMLSelectElement;
    fireEvent.change(status, { target: { value: "route_plan_client_confirmed" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await settle(calls.saveStatus[0], {
      type: "invalid",
      lines: ["route_plan_end_date: The end date must be on or after the start date."],
    });
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "Route plan end date: The end date must be on or after the start date.",
    );
    const end = within(dialog).getByRole("group", { name: "Route plan end date" });
    expect(within(end).getByText("The end date must be on or after the start date.")).toBeTruthy();
    const start = within(dialog).getByRole("group", { name: "Route plan start date" });
    expect(start.querySelector(".field-errors")).toBeNull();
  });

  it("offers only the days the chosen month and year have", () => {
    const { dialog } = show([outlet(5, "payouts_plotted", "payout_cycle")], "iftu-executive");
    fireEvent.change(within(dialog).getByLabelText("Status"), { target: { value: "payment_successful" } });
    const date = within(dialog).getByRole("group", { name: "Payment date" });
    const [day, month, year] = within(date).getAllByRole("combobox") as HTMLSelectElement[];
    const days = () => [...day!.options].slice(1).map((o) => o.text);
    expect(days()).toHaveLength(31);
    fireEvent.change(day!, { target: { value: "31" } });
    fireEvent.change(month!, { target: { value: "02" } });
    // 31 Feb does not exist: the day is cleared and February offers up to the 29th before a year.
    expect(day!.value).toBe("");
    expect(days().at(-1)).toBe("29");
    fireEvent.change(day!, { target: { value: "29" } });
    fireEvent.change(year!, { target: { value: "2027" } });
    expect(days().at(-1)).toBe("28");
    expect(day!.value).toBe("");
    fireEvent.change(day!, { target: { value: "28" } });
    fireEvent.change(month!, { target: { value: "04" } });
    expect(days().at(-1)).toBe("30");
    expect(day!.value).toBe("28");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((calls.saveStatus[0]?.input as BulkUpdateRequest).extra_data).toEqual({
      payment_date: "2027-04-28",
    });
  });
});
