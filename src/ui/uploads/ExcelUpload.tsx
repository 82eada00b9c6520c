import { useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useId } from "react";
import { EXCEL_ACCEPT, UPLOAD_MSG } from "../../domain/uploads/bulkUpload";
import type { UploadTypeKey } from "../../domain/uploads/uploadTypes";
import type { UploadPlace } from "../../infra/api/bulkUpload";
import { uploadKeys } from "../../infra/api/bulkUploadQueries";
import { excelUploadMachine } from "../../machines/uploads/excelUpload";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { useNotify } from "../notifications/useNotify";
import { panelCopies, shareJob } from "./jobCopies";
import { JobOutcome, Sending } from "./UploadStatus";
import { uploadActors } from "./uploadActors";

/**
 * The Excel upload variant: drop a file on the zone or browse (the first file only), follow its
 * processing, Merge With List, then go back to the list.
 */
export default function ExcelUpload({
  type,
  place,
  title,
  backText,
  onBack,
  actors,
}: {
  type: UploadTypeKey;
  place: UploadPlace;
  title: string;
  backText: string;
  /** Go back to the list (the screen starts afresh when the list is this page). */
  onBack: () => void;
  /** Tests provide fakes. */
  actors?: Partial<ReturnType<typeof uploadActors>>;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [state, send] = useLiveMachine(
    useProvided(excelUploadMachine, {
      actors: {
        ...uploadActors(type, place, (read) => shareJob(queryClient, type, place, read)),
        historyCopies: panelCopies(queryClient, type, place),
        ...actors,
      },
      actions: {
        notifySuccess: (_, { text }) => notify("success", text),
        historyChanged: () => void queryClient.invalidateQueries({ queryKey: uploadKeys.all }),
        goBack: onBack,
      },
    }),
  );
  const { dragging, fileName, job, error } = state.context;
  const drop = (e: DragEvent) => {
    e.preventDefault();
    send({ type: "files.dropped", files: [...e.dataTransfer.files] });
  };
  return (
    <section className="card upload-panel" aria-labelledby="excel-upload-title">
      <h2 id="excel-upload-title">{title}</h2>
      {state.matches("idle") && (
        // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer gesture; the Browse button inside is the keyboard way
        <div
          className="upload-drop"
          data-dragging={dragging}
          onDragOver={(e) => {
            e.preventDefault();
            if (!dragging) send({ type: "drag.enter" });
          }}
          onDragLeave={() => send({ type: "drag.leave" })}
          onDrop={drop}
        >
          <p>Drag and drop an Excel file (.xlsx or .xls) here, or</p>
          <label htmlFor={inputId} className="button button-secondary">
            Browse
          </label>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={EXCEL_ACCEPT}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) send({ type: "file.chosen", file });
            }}
          />
        </div>
      )}
      {state.matches("uploading") && <Sending fileName={fileName} />}
      {state.hasTag("following") && job && <JobOutcome job={job} />}
      {(state.matches("success") || state.matches("merging") || state.matches("nothingClean")) && job && (
        <JobOutcome job={job} />
      )}
      {state.matches("pollFailed") && (
        <>
          <p className="upload-error" role="alert">
            {error}
          </p>
          <button type="button" className="button" onClick={() => send({ type: "poll.retry" })}>
            {UPLOAD_MSG.tryAgain}
          </button>
        </>
      )}
      {(state.matches("success") || state.matches("merging")) && (
        <button
          type="button"
          className="button"
          disabled={state.matches("merging")}
          onClick={() => send({ type: "merge.submit" })}
        >
          {UPLOAD_MSG.mergeWithList}
        </button>
      )}
      {state.matches("merged") && (
        <>
          <p role="status">Merged into the list.</p>
          <button type="button" className="button" onClick={() => send({ type: "back.go" })}>
            {backText}
          </button>
        </>
      )}
      {(state.matches("failed") || state.matches("nothingClean")) && (
        <>
          {error && (
            <p className="upload-error" role="alert">
              {error}
            </p>
          )}
          {state.matches("nothingClean") && <p role="alert">No row is clean: the unclean file says why.</p>}
          <button type="button" className="button" onClick={() => send({ type: "upload.reset" })}>
            {UPLOAD_MSG.reupload}
          </button>
        </>
      )}
    </section>
  );
}
