/**
 * The Collected Bills group's mark in the Survey Details slider follows the outlet's invoices
 * (001 §3, total_no_of_invoice_pending): Pending while one is pending, Complete once the last
 * pending invoice's headers are saved.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import type { HeaderSaveOutcome, HeaderSaveRequest } from "../../src/domain/invoices/invoiceHeaders";
import type { AnswersUpdateRequest } from "../../src/domain/survey/survey";
import type { InvoicesOutcome } from "../../src/machines/invoices/collectedBills";
import type {
  AnswersOutcome,
  GroupsOutcome,
  SaveOutcome,
  SurveyGroupsInput,
} from "../../src/machines/survey/surveyGroups";
import { collectedBillsActors } from "../../src/ui/outlets/collectedBillsActors";
import SurveyDetails from "../../src/ui/outlets/SurveyDetails";
import { sampleAnswers, sampleHeaders } from "../machines/fixtures/invoiceSamples";
import { sampleGroups, surveyGroupsFixture } from "../machines/fixtures/surveyGroups";
import { viewPaths } from "./machinePaths";

afterEach(cleanup);

const invoice = (id: number, invoice_no: string, is_complete: boolean) => ({
  id,
  invoice_no,
  invoice_date: "2026-11-20",
  version: 1,
  is_complete,
  headers: sampleHeaders,
  answers: sampleAnswers,
});
const input = viewPaths(surveyGroupsFixture)
  .map((p) => p.input as SurveyGroupsInput)
  .find((i) => i.collectedBills && i.role === "qc-manager" && !i.callingView)!;

function renderWith(invoices: ReturnType<typeof invoice>[]) {
  const saved: HeaderSaveRequest[] = [];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SurveyDetails
        {...input}
        actors={{
          loadGroups: fromPromise<GroupsOutcome, { workflowObject: number }>(async () => ({
            type: "ok",
            groups: sampleGroups,
          })),
          loadAnswers: fromPromise<AnswersOutcome, { workflowObject: number; group: number }>(
            () => new Promise<never>(() => {}),
          ),
          saveGroup: fromPromise<SaveOutcome, { request: AnswersUpdateRequest }>(
            () => new Promise<never>(() => {}),
          ),
        }}
        billsActors={{
          ...collectedBillsActors,
          loadInvoices: fromPromise<InvoicesOutcome, { workflowObject: number }>(async () => ({
            type: "ok",
            invoices,
          })),
          saveHeaders: fromPromise<HeaderSaveOutcome, HeaderSaveRequest>(async ({ input }) => {
            saved.push(input);
            return { type: "ok", version: 2 };
          }),
        }}
      />
    </QueryClientProvider>,
  );
  return saved;
}

const billsMark = () =>
  screen.getByRole("button", { name: /^Collected Bills/ }).querySelector("small")?.textContent;

async function openBills() {
  await screen.findByRole("button", { name: /^Shop Details/ });
  while (!screen.queryByRole("button", { name: /^Collected Bills/ }))
    fireEvent.click(screen.getByRole("button", { name: "Next groups" }));
  fireEvent.click(screen.getByRole("button", { name: /^Collected Bills/ }));
  await screen.findByRole("tablist");
}

describe("the Collected Bills group's mark in the slider", () => {
  it("stays Pending while an invoice is pending and turns Complete once the last one is saved", async () => {
    const saved = renderWith([invoice(501, "INV-1001", true), invoice(502, "INV-1002", false)]);
    await openBills();
    expect(billsMark()).toBe("Pending");
    fireEvent.click(screen.getByRole("tab", { name: "INV-1002" }));
    fireEvent.change(screen.getByLabelText("Payment mode *"), { target: { value: "Cash" } });
    fireEvent.change(screen.getByLabelText("Bill number *"), { target: { value: "B-77" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(billsMark()).toBe("Complete"));
    expect(saved.map((s) => s.invoice)).toEqual([502]);
  });

  it("is Complete as soon as the invoices read show none pending", async () => {
    renderWith([invoice(501, "INV-1001", true)]);
    await openBills();
    await waitFor(() => expect(billsMark()).toBe("Complete"));
  });
});
