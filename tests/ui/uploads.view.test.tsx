/**
 * The upload views driven with faked actors: the upload form from a chosen file to its counts, a
 * History row's confirm through the dialog, and the Excel variant from a drop to Merge With List.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import type {
  ActionOutcome,
  BulkUploadJob,
  JobAction,
  UploadOutcome,
} from "../../src/domain/uploads/bulkUpload";
import { UPLOAD_MSG } from "../../src/domain/uploads/bulkUpload";
import { compose } from "../../src/ui/composition";
import { notificationsOf, ServicesProvider } from "../../src/ui/services";
import ExcelUpload from "../../src/ui/uploads/ExcelUpload";
import JobActions from "../../src/ui/uploads/JobActions";
import UploadForm from "../../src/ui/uploads/UploadForm";
import { sampleJob } from "../machines/fixtures/samples";

const services = compose();
const notificationActor = notificationsOf(services.application);

function wrap(children: ReactNode) {
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </ServicesProvider>
  );
}

const processing: BulkUploadJob = { ...sampleJob, status: "processing", total_objects: 0, progress: 0 };
const accepted = fromPromise<UploadOutcome, { file: File }>(async () => ({
  type: "accepted",
  job: processing,
}));
const finished = fromPromise<BulkUploadJob, { id: number }>(async () => sampleJob);
const file = new File(["x"], "regions.xlsx");

describe("upload form", () => {
  it("sends the chosen file, follows processing and shows the counts and result files", async () => {
    render(
      wrap(<UploadForm type="regions" place={{}} actors={{ uploadFile: accepted, fetchJob: finished }} />),
    );
    fireEvent.change(screen.getByLabelText("Excel file (.xlsx or .xls)"), { target: { files: [file] } });
    await screen.findByText(/Processing regions\.xlsx/);
    await screen.findByText("regions.xlsx: Completed");
    expect(screen.getByText("Clean 3")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Unclean file" }).getAttribute("href")).toBe(
      sampleJob.unclean_objects_media_path,
    );
  });

  it("shows the server's refusal and Reupload returns to the file input", async () => {
    const refused = fromPromise<UploadOutcome, { file: File }>(async () => ({
      type: "rejected",
      message: UPLOAD_MSG.notExcel,
    }));
    render(wrap(<UploadForm type="regions" place={{}} actors={{ uploadFile: refused }} />));
    fireEvent.change(screen.getByLabelText("Excel file (.xlsx or .xls)"), { target: { files: [file] } });
    expect((await screen.findByRole("alert")).textContent).toBe(UPLOAD_MSG.notExcel);
    fireEvent.click(screen.getByRole("button", { name: UPLOAD_MSG.reupload }));
    expect(screen.getByLabelText("Excel file (.xlsx or .xls)")).toBeTruthy();
  });
});

describe("History row", () => {
  it("confirms through a dialog that says it cannot be undone, then notifies", async () => {
    const calls: JobAction[] = [];
    const runAction = fromPromise<ActionOutcome, { job: BulkUploadJob; action: JobAction }>(
      async ({ input }) => {
        calls.push(input.action);
        return { type: "done", detail: UPLOAD_MSG.confirmed, exportJobId: null };
      },
    );
    render(
      wrap(<JobActions job={sampleJob} view="standard" type="regions" place={{}} actors={{ runAction }} />),
    );
    fireEvent.click(screen.getByRole("button", { name: `Confirm upload ${sampleJob.id}` }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm upload" });
    expect(dialog.textContent).toContain("This cannot be undone.");
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(calls).toEqual(["confirm"]));
    await waitFor(() => expect(notificationActor.getSnapshot().context.text).toBe(UPLOAD_MSG.confirmed));
  });

  it("offers nothing for an accepted upload, and only Cancel for one without clean rows", () => {
    const { unmount } = render(
      wrap(<JobActions job={{ ...sampleJob, status: "active" }} view="standard" type="regions" place={{}} />),
    );
    expect(screen.queryAllByRole("button")).toHaveLength(0);
    unmount();
    render(
      wrap(
        <JobActions
          job={{ ...sampleJob, total_clean_objects: 0 }}
          view="standard"
          type="regions"
          place={{}}
        />,
      ),
    );
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Cancel"]);
  });
});

describe("Excel variant", () => {
  it("uses only the first dropped file, merges, then goes back", async () => {
    const sent: string[] = [];
    const uploadFile = fromPromise<UploadOutcome, { file: File }>(async ({ input }) => {
      sent.push(input.file.name);
      return { type: "accepted", job: processing };
    });
    const activate = fromPromise<ActionOutcome, { job: BulkUploadJob }>(async () => ({
      type: "done",
      detail: UPLOAD_MSG.confirmed,
      exportJobId: null,
    }));
    const onBack = vi.fn();
    const { container } = render(
      wrap(
        <ExcelUpload
          type="whatsapp_messaging"
          place={{}}
          title="Bulk WhatsApp Message"
          backText={UPLOAD_MSG.goBackToViewAll}
          onBack={onBack}
          actors={{ uploadFile, fetchJob: finished, activate }}
        />,
      ),
    );
    const zone = container.querySelector(".upload-drop")!;
    fireEvent.drop(zone, { dataTransfer: { files: [file, new File(["y"], "second.xlsx")] } });
    await screen.findByText("regions.xlsx: Completed");
    expect(sent).toEqual(["regions.xlsx"]);
    fireEvent.click(screen.getByRole("button", { name: UPLOAD_MSG.mergeWithList }));
    fireEvent.click(await screen.findByRole("button", { name: UPLOAD_MSG.goBackToViewAll }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it("refuses a dropped file that is not Excel and offers Reupload", async () => {
    const { container } = render(
      wrap(
        <ExcelUpload
          type="whatsapp_messaging"
          place={{}}
          title="Bulk WhatsApp Message"
          backText={UPLOAD_MSG.goBackToViewAll}
          onBack={() => {}}
        />,
      ),
    );
    fireEvent.drop(container.querySelector(".upload-drop")!, {
      dataTransfer: { files: [new File(["x"], "notes.txt")] },
    });
    expect((await screen.findByRole("alert")).textContent).toBe(UPLOAD_MSG.notExcel);
    expect(screen.getByRole("button", { name: UPLOAD_MSG.reupload })).toBeTruthy();
  });
});
