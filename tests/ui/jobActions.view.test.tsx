/**
 * A History row's actions driven through the view with faked actors: the buttons are the ones the
 * row's machine takes, the cancel dialog names its safe choice, a button pressed twice sends once,
 * focus comes back to the button that opened the dialog, and a History page read again with the
 * job further along changes its buttons.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import { JobId } from "../../src/domain/api/ids";
import type {
  ActionOutcome,
  ActivationInfo,
  BulkUploadJob,
  JobAction,
} from "../../src/domain/uploads/bulkUpload";
import { UPLOAD_MSG } from "../../src/domain/uploads/bulkUpload";
import JobActions from "../../src/ui/uploads/JobActions";

const job: BulkUploadJob = {
  id: JobId.make(7),
  object_type: "regions",
  file: "/api/files/1/regions.xlsx",
  file_name: "regions.xlsx",
  config: { sub_project: null, sub_project_id: null },
  created_by: { name: "Asha Admin" },
  created: "2026-11-20T10:00:00.000Z",
  status: "completed",
  total_objects: 5,
  total_clean_objects: 3,
  total_unclean_objects: 2,
  total_validated_objects: 5,
  celery_queue_index: 0,
  celery_queue_length: 0,
  clean_objects_media_path: null,
  unclean_objects_media_path: null,
  progress: 5,
  message: null,
  export_job_id: null,
};

const wrap = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

/** A runAction that records each call and answers when told. */
function heldAction() {
  const calls: JobAction[] = [];
  let answer: (o: ActionOutcome) => void = () => {};
  const runAction = fromPromise<ActionOutcome, { job: BulkUploadJob; action: JobAction }>(
    ({ input }) =>
      new Promise((resolve) => {
        calls.push(input.action);
        answer = resolve;
      }),
  );
  return { calls, runAction, answer: (o: ActionOutcome) => act(async () => answer(o)) };
}

const buttonNames = () => screen.getAllByRole("button").map((b) => b.textContent);

describe("History row actions", () => {
  it("names the cancel dialog's safe button Keep upload, which keeps the upload", async () => {
    const { calls, runAction } = heldAction();
    render(wrap(<JobActions job={job} view="standard" type="regions" place={{}} actors={{ runAction }} />));
    expect(buttonNames()).toEqual(["Confirm", "Cancel"]);
    const cancel = screen.getByRole("button", { name: "Cancel upload 7" });
    cancel.focus();
    fireEvent.click(cancel);
    const dialog = await screen.findByRole("dialog", { name: "Cancel upload" });
    expect(dialog.textContent).toContain(UPLOAD_MSG.cancelQuestion);
    const footer = within(dialog)
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(footer).toContain("Keep upload");
    expect(footer).toContain("Cancel upload");
    expect(footer).not.toContain("Cancel");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep upload" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel upload 7" }));
    expect(buttonNames()).toEqual(["Confirm", "Cancel"]);
  });

  it("keeps the pressed button unpressable while its request runs, and sends it once", async () => {
    const { calls, runAction, answer } = heldAction();
    render(wrap(<JobActions job={job} view="standard" type="regions" place={{}} actors={{ runAction }} />));
    fireEvent.click(screen.getByRole("button", { name: "Confirm upload 7" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm upload" });
    expect(within(dialog).getByRole("button", { name: "Not now" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(calls).toEqual(["confirm"]));
    const confirm = screen.getByRole("button", { name: "Confirm upload 7" });
    expect(confirm.getAttribute("aria-disabled")).toBe("true");
    expect(screen.queryByRole("button", { name: "Cancel upload 7" })).toBeNull();
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(screen.queryByRole("dialog")).toBeNull();
    await answer({ type: "done", detail: UPLOAD_MSG.confirmed, exportJobId: null });
    expect(calls).toEqual(["confirm"]);
    expect(screen.getByRole("button", { name: "Confirm upload 7" }).getAttribute("aria-disabled")).toBeNull();
  });

  it("offers Pay Now and Cancel in the payment view, asking with the count and amount", async () => {
    const loadActivationInfo = fromPromise<ActivationInfo, { job: BulkUploadJob }>(async () => ({
      count: 4,
      amount_in_words: "Two Thousand Rupees",
    }));
    render(
      wrap(
        <JobActions
          job={job}
          view="payment"
          type="icici_upi_account_payment_tracker"
          place={{}}
          actors={{ loadActivationInfo }}
        />,
      ),
    );
    expect(buttonNames()).toEqual([UPLOAD_MSG.payNow, "Cancel"]);
    fireEvent.click(screen.getByRole("button", { name: "Pay Now upload 7" }));
    const dialog = await screen.findByRole("dialog", { name: UPLOAD_MSG.payNow });
    expect(dialog.textContent).toContain(`4 UPI IDs, Two Thousand Rupees. ${UPLOAD_MSG.payQuestion}`);
  });

  it("follows the job as the History reads it again: accepted elsewhere, it offers nothing", async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <JobActions job={job} view="standard" type="regions" place={{}} />
      </QueryClientProvider>,
    );
    expect(buttonNames()).toEqual(["Confirm", "Cancel"]);
    await act(async () =>
      client.setQueryData(["bulk-upload", "jobs", "regions", {}, { page: 1 }], {
        results: [{ ...job, status: "active" }],
        count: 1,
        previous: null,
        next: null,
      }),
    );
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });

  it("offers nothing once the upload is accepted", () => {
    render(wrap(<JobActions job={{ ...job, status: "active" }} view="standard" type="regions" place={{}} />));
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });
});
