import { type BulkUploadJob, jobStatusLabel, queueText } from "../../domain/uploads/bulkUpload";

/** Uploading: the file is on its way (the browser does not report how far, so the bar runs). */
export function Sending({ fileName }: { fileName: string | null }) {
  return (
    <div role="status">
      <p>Uploading {fileName}…</p>
      <progress className="upload-progress" aria-label={`Uploading ${fileName ?? "file"}`} />
    </div>
  );
}

/** Processing progress, or the counts and result files once processed. */
export function JobOutcome({ job }: { job: BulkUploadJob }) {
  if (job.status === "processing") {
    const waiting = job.celery_queue_index > 0;
    return (
      <div role="status">
        <p>
          Processing {job.file_name}:{" "}
          {waiting ? `waiting in queue (${queueText(job)})` : `${job.progress} rows checked`}
        </p>
        <progress className="upload-progress" aria-label={`Processing ${job.file_name}`} />
      </div>
    );
  }
  return (
    <div className="upload-result" role="status">
      <span>
        {job.file_name}: {jobStatusLabel(job.status, "standard")}
      </span>
      <span>Total {job.total_objects}</span>
      <span>Clean {job.total_clean_objects}</span>
      <span>Unclean {job.total_unclean_objects}</span>
      {job.clean_objects_media_path && <a href={job.clean_objects_media_path}>Clean file</a>}
      {job.unclean_objects_media_path && <a href={job.unclean_objects_media_path}>Unclean file</a>}
    </div>
  );
}
