import { useQueryClient } from "@tanstack/react-query";
import { EXCEL_ACCEPT, UPLOAD_MSG } from "../../domain/uploads/bulkUpload";
import { ZIP_ACCEPT } from "../../domain/uploads/kycImages";
import { UPLOAD_TYPES, type UploadTypeKey } from "../../domain/uploads/uploadTypes";
import type { UploadPlace } from "../../infra/api/bulkUpload";
import { uploadKeys } from "../../infra/api/bulkUploadQueries";
import { bulkUploadScreenMachine } from "../../machines/uploads/bulkUploadScreen";
import { useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { FileInput } from "../widgets/Controls";
import { panelCopies, shareJob } from "./jobCopies";
import { JobOutcome, Sending } from "./UploadStatus";
import { uploadActors } from "./uploadActors";

/** The standard upload form: choose a file, watch it upload and process, see the result. */
export default function UploadForm({
  type,
  place,
  actors,
}: {
  type: UploadTypeKey;
  place: UploadPlace;
  /** Tests provide fakes. */
  actors?: Partial<ReturnType<typeof uploadActors>>;
}) {
  const queryClient = useQueryClient();
  const [state, send] = useLiveMachine(
    useProvided(bulkUploadScreenMachine, {
      actors: {
        ...uploadActors(type, place, (read) => shareJob(queryClient, type, place, read)),
        historyCopies: panelCopies(queryClient, type, place),
        ...actors,
      },
      actions: { historyChanged: () => void queryClient.invalidateQueries({ queryKey: uploadKeys.all }) },
    }),
  );
  const { fileName, job, error } = state.context;
  const zip = UPLOAD_TYPES[type].file === "imageZip";
  return (
    <section className="card upload-panel" aria-labelledby="upload-form-title">
      <h2 id="upload-form-title">Upload</h2>
      {(state.matches("idle") || state.matches("success")) && (
        <FileInput
          label={zip ? "Zip file of images named by RSID (.zip)" : "Excel file (.xlsx or .xls)"}
          accept={zip ? ZIP_ACCEPT : EXCEL_ACCEPT}
          onFile={(file) => file && send({ type: "file.chosen", file })}
        />
      )}
      {state.matches("uploading") && <Sending fileName={fileName} />}
      {(state.hasTag("following") || state.matches("success")) && job && <JobOutcome job={job} />}
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
      {state.matches("failed") && (
        <>
          <p className="upload-error" role="alert">
            {error}
          </p>
          <button type="button" className="button" onClick={() => send({ type: "upload.reset" })}>
            {UPLOAD_MSG.reupload}
          </button>
        </>
      )}
    </section>
  );
}
