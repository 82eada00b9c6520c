/**
 * The upload form's and the Excel upload's generated shortest paths, driven through their screens:
 * each event is done the way a user, the server (through faked actors), a timer or the History
 * list (a copy of the job in the query cache) does it, and after each step the screen must show
 * what the machine's state means, with the values its context holds.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import { DEFAULT_PAGE_SIZE } from "../../src/domain/shared/table";
import {
  type ActionOutcome,
  type BulkUploadJob,
  JOB_POLL_ATTEMPTS,
  jobPollDelay,
  jobStatusLabel,
  UPLOAD_MSG,
  type UploadOutcome,
} from "../../src/domain/uploads/bulkUpload";
import { jobListQuery } from "../../src/infra/api/bulkUploadQueries";
import type { ExcelUploadContext } from "../../src/machines/uploads/excelUpload";
import ExcelUpload from "../../src/ui/uploads/ExcelUpload";
import UploadForm from "../../src/ui/uploads/UploadForm";
import { bulkUploadScreenFixture } from "../machines/fixtures/bulkUploadScreen";
import { excelUploadFixture } from "../machines/fixtures/excelUpload";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
type ActorName = "uploadFile" | "fetchJob" | "activate";
let pending: Record<ActorName, Deferred | null>;
let queryClient: QueryClient;
let wentBack: number;

const deferred = <O, I>(name: ActorName) =>
  fromPromise<O, I>(
    () =>
      new Promise((resolve, reject) => {
        pending[name] = { resolve: resolve as (v: unknown) => void, reject };
      }),
  );
const fakeActors = () => ({
  uploadFile: deferred<UploadOutcome, { file: File }>("uploadFile"),
  fetchJob: deferred<BulkUploadJob, { id: number }>("fetchJob"),
  activate: deferred<ActionOutcome, { job: BulkUploadJob }>("activate"),
});

const place = {};

beforeEach(() => {
  pending = { uploadFile: null, fetchJob: null, activate: null };
  queryClient = new QueryClient();
  wentBack = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

type Step = ViewStep;

/** The actors', the timer's and the History's part of a step, common to both panels. */
async function performShared(event: Step["event"]): Promise<boolean> {
  const settle = async (name: ActorName, ok: boolean, value?: unknown) => {
    const waiting = pending[name];
    if (!waiting) throw new Error(`${name} is not running`);
    pending[name] = null;
    await act(async () => (ok ? waiting.resolve(value) : waiting.reject(new Error("unexpected"))));
  };
  const actor = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (actor) {
    await settle(actor[2] as ActorName, actor[1] === "done", event.output);
    return true;
  }
  if (event.type.startsWith("xstate.after.")) {
    // Longer than the longest pause between looks.
    await act(async () => vi.advanceTimersByTime(jobPollDelay(JOB_POLL_ATTEMPTS)));
    return true;
  }
  if (event.type === "job.seen" || event.type === "job.copied") {
    // The History list reads a page holding this job (its own copy, or another upload's).
    const job = event.job as BulkUploadJob;
    await act(async () =>
      queryClient.setQueryData(
        jobListQuery("regions", place, { page: 1, pageSize: DEFAULT_PAGE_SIZE }, "").queryKey,
        {
          results: [job],
          count: 1,
          previous: null,
          next: null,
          current_page_number: 1,
          page_size: DEFAULT_PAGE_SIZE,
        },
      ),
    );
    return true;
  }
  if (event.type === "poll.retry") {
    fireEvent.click(screen.getByRole("button", { name: UPLOAD_MSG.tryAgain }));
    return true;
  }
  if (event.type === "upload.reset") {
    fireEvent.click(screen.getByRole("button", { name: UPLOAD_MSG.reupload }));
    return true;
  }
  return false;
}

/** What the following states and the shared outcomes show. */
async function expectShared(state: string, context: { job: BulkUploadJob | null; error: string | null }) {
  switch (state) {
    case "processing":
    case "checking": {
      const job = context.job!;
      await waitFor(() =>
        expect(screen.getByText(new RegExp(`^Processing ${job.file_name}:`)).textContent).toContain(
          `${job.progress} rows checked`,
        ),
      );
      expect(screen.getByLabelText(`Processing ${job.file_name}`)).toBeTruthy();
      return true;
    }
    case "pollFailed":
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(UPLOAD_MSG.progressUnreadable));
      expect(screen.getByRole("button", { name: UPLOAD_MSG.tryAgain })).toBeTruthy();
      return true;
    case "failed":
      await waitFor(() => expect(screen.getByRole("button", { name: UPLOAD_MSG.reupload })).toBeTruthy());
      if (context.error) expect(screen.getAllByRole("alert")[0]!.textContent).toBe(context.error);
      return true;
    default:
      return false;
  }
}

const finishedText = (job: BulkUploadJob) => `${job.file_name}: ${jobStatusLabel(job.status, "standard")}`;

describe("the upload form follows the bulkUploadScreen machine", () => {
  const paths = viewPaths(bulkUploadScreenFixture).map((p) => p.steps);

  it("the paths driven here reach every state of the machine", () =>
    expectEveryStateReached(bulkUploadScreenFixture, viewPaths(bulkUploadScreenFixture)));

  it.each(
    paths.map((steps) => [steps.map((s) => s.event.type).join(" → "), steps] as const),
  )("%s", async (_name, steps) => {
    render(
      <QueryClientProvider client={queryClient}>
        <UploadForm type="regions" place={place} actors={fakeActors()} />
      </QueryClientProvider>,
    );
    const machine = model(bulkUploadScreenFixture);
    await waitFor(() => expect(screen.getByLabelText("Excel file (.xlsx or .xls)")).toBeTruthy());
    for (const step of steps) {
      if (!(await performShared(step.event))) {
        if (step.event.type !== "file.chosen") throw new Error(`no way to perform ${step.event.type}`);
        fireEvent.change(screen.getByLabelText("Excel file (.xlsx or .xls)"), {
          target: { files: [step.event.file] },
        });
      }
      const snapshot = machine.step(step.event);
      const state = String(snapshot.value);
      const context = snapshot.context as {
        fileName: string;
        job: BulkUploadJob | null;
        error: string | null;
      };
      if (await expectShared(state, context)) continue;
      switch (state) {
        case "idle":
          await waitFor(() => expect(screen.getByLabelText("Excel file (.xlsx or .xls)")).toBeTruthy());
          break;
        case "uploading":
          await waitFor(() => expect(screen.getByText(`Uploading ${context.fileName}…`)).toBeTruthy());
          break;
        case "success":
          await waitFor(() => expect(screen.getByText(finishedText(context.job!))).toBeTruthy());
          expect(screen.getByText(`Clean ${context.job!.total_clean_objects}`)).toBeTruthy();
          expect(screen.getByLabelText("Excel file (.xlsx or .xls)")).toBeTruthy();
          break;
        default:
          throw new Error(`no screen check for state ${state}`);
      }
    }
  });
});

describe("the Excel upload follows the excelUpload machine", () => {
  const paths = viewPaths(excelUploadFixture).map((p) => p.steps);
  const dropZone = () => screen.getByText(/^Drag and drop an Excel file/).parentElement as HTMLElement;

  it("the paths driven here reach every state of the machine", () =>
    expectEveryStateReached(excelUploadFixture, viewPaths(excelUploadFixture)));

  it.each(
    paths.map((steps) => [steps.map((s) => s.event.type).join(" → "), steps] as const),
  )("%s", async (_name, steps) => {
    render(
      <QueryClientProvider client={queryClient}>
        <ExcelUpload
          type="regions"
          place={place}
          title="Bulk WhatsApp Message"
          backText={UPLOAD_MSG.goBackToViewAll}
          onBack={() => wentBack++}
          actors={fakeActors()}
        />
      </QueryClientProvider>,
    );
    const machine = model(excelUploadFixture);
    await waitFor(() => expect(screen.getByLabelText("Browse")).toBeTruthy());
    for (const step of steps) {
      const { event } = step;
      if (!(await performShared(event))) {
        switch (event.type) {
          case "drag.enter":
            fireEvent.dragOver(dropZone());
            break;
          case "drag.leave":
            fireEvent.dragLeave(dropZone());
            break;
          case "files.dropped":
            fireEvent.drop(dropZone(), { dataTransfer: { files: event.files } });
            break;
          case "file.chosen":
            fireEvent.change(screen.getByLabelText("Browse"), { target: { files: [event.file] } });
            break;
          case "merge.submit":
            fireEvent.click(screen.getByRole("button", { name: UPLOAD_MSG.mergeWithList }));
            break;
          case "back.go":
            fireEvent.click(screen.getByRole("button", { name: UPLOAD_MSG.goBackToViewAll }));
            break;
          default:
            throw new Error(`no way to perform ${event.type}`);
        }
      }
      const snapshot = machine.step(event);
      const state = String(snapshot.value);
      const context = snapshot.context as ExcelUploadContext;
      if (await expectShared(state, context)) continue;
      switch (state) {
        case "idle":
          await waitFor(() => expect(dropZone().dataset.dragging).toBe(String(context.dragging)));
          expect(screen.getByLabelText("Browse")).toBeTruthy();
          break;
        case "uploading":
          await waitFor(() => expect(screen.getByText(`Uploading ${context.fileName}…`)).toBeTruthy());
          break;
        case "success":
        case "merging": {
          await waitFor(() => expect(screen.getByText(finishedText(context.job!))).toBeTruthy());
          const merge = screen.getByRole("button", { name: UPLOAD_MSG.mergeWithList }) as HTMLButtonElement;
          expect(merge.disabled).toBe(state === "merging");
          break;
        }
        case "nothingClean":
          await waitFor(() =>
            expect(screen.getByText("No row is clean: the unclean file says why.")).toBeTruthy(),
          );
          expect(screen.getByText(`Clean ${context.job!.total_clean_objects}`)).toBeTruthy();
          expect(screen.getByRole("button", { name: UPLOAD_MSG.reupload })).toBeTruthy();
          break;
        case "merged":
          await waitFor(() => expect(screen.getByText("Merged into the list.")).toBeTruthy());
          expect(screen.getByRole("button", { name: UPLOAD_MSG.goBackToViewAll })).toBeTruthy();
          break;
        case "left":
          await waitFor(() => expect(wentBack).toBe(1));
          break;
        default:
          throw new Error(`no screen check for state ${state}`);
      }
    }
  });
});
