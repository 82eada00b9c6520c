/**
 * The report's file (docs/reports.md): PDF or CSV is chosen, Export asks for the file of what the
 * report shows (its filters), the job is followed in the queue, and the file is offered when written
 * (it is in My Downloads too). Driven by the reportRun machine.
 */
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import {
  REPORT_FORMAT_LABELS,
  REPORT_FORMATS,
  type ReportFilters,
  type ReportFormat,
  RUN_MSG,
} from "../../domain/reports/reports";
import { uploadKeys } from "../../infra/api/bulkUploadQueries";
import { reportRunMachine } from "../../machines/reports/reportRun";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { reportRunActors } from "./reportActors";

export default function ReportRunPanel({
  filters,
  format = null,
  formats = REPORT_FORMATS,
  actors = reportRunActors,
}: {
  /** What the report shows now: the export is of these. */
  filters: ReportFilters;
  /** Chosen beforehand (the report's PDF and CSV pages, or a report with one format). */
  format?: ReportFormat | null;
  /** The formats the report is written in. */
  formats?: readonly ReportFormat[];
  actors?: typeof reportRunActors;
}) {
  const queryClient = useQueryClient();
  const [state, send] = useLiveMachine(
    useProvided(reportRunMachine, {
      actors,
      actions: { historyChanged: () => void queryClient.invalidateQueries({ queryKey: uploadKeys.exports }) },
    }),
    { input: { format } },
  );
  const { job, error } = state.context;
  const chosen = state.context.format;
  const busy = state.matches("requesting") || state.hasTag("following");
  return (
    <section className="card report-run" aria-labelledby="report-run-title">
      <h2 id="report-run-title">Download</h2>
      <fieldset>
        <legend className="visually-hidden">Format</legend>
        {formats.map((f) => (
          <label key={f}>
            <input
              type="radio"
              name="report-format"
              value={f}
              checked={chosen === f}
              disabled={busy}
              readOnly
              // A click, not a change: choosing the format already chosen after a failure starts afresh too.
              onClick={() => send({ type: "format.choose", format: f })}
            />{" "}
            {REPORT_FORMAT_LABELS[f]}
          </label>
        ))}
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => send({ type: "request", filters })}
        >
          {busy ? "Exporting…" : "Export"}
        </button>
      </fieldset>
      <div role="status" aria-live="polite">
        {busy && (
          <p>
            {RUN_MSG.preparing}
            {job && (
              <>
                {" "}
                <progress value={job.progress} max={100} aria-label="Export progress" />
              </>
            )}
          </p>
        )}
        {state.matches("ready") && job?.file && (
          <p>
            {RUN_MSG.ready} <a href={job.file}>Download {job.title}</a> ·{" "}
            <Link href="/dashboard/my-downloads">My Downloads</Link>
          </p>
        )}
      </div>
      {error !== null && (
        <div role="alert" className="form-messages form-messages-error">
          <p>{error}</p>
          {state.matches({ queued: "pollFailed" }) && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => send({ type: "poll.retry" })}
            >
              Try again
            </button>
          )}
        </div>
      )}
    </section>
  );
}
