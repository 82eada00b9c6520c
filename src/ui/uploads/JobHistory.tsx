import { useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { type ReactNode, useEffect } from "react";
import {
  anyJobMoving,
  type BulkUploadJob,
  HISTORY_REFRESH_MS,
  type JobView,
  jobStatusLabel,
  queueText,
  UPLOAD_MSG,
} from "../../domain/uploads/bulkUpload";
import { exportNoticesDue } from "../../domain/uploads/uploadRoutes";
import type { UploadTypeKey } from "../../domain/uploads/uploadTypes";
import type { UploadPlace } from "../../infra/api/bulkUpload";
import { jobListQuery } from "../../infra/api/bulkUploadQueries";
import { markExportNoticeShown, shownExportNotices } from "../../infra/exportNotices";
import { useNotify } from "../notifications/useNotify";
import DataTable, { type Column } from "../widgets/DataTable";
import { useDataTable } from "../widgets/useDataTable";
import { showDateTime } from "./dates";
import JobActions from "./JobActions";

const fileLink = (href: string | null, text: string) => (href ? <a href={href}>{text}</a> : "");
const wrapped = (content: ReactNode) => <span className="job-wrap">{content}</span>;

/** The History table (spec 000 §2.2): every job of this kind here, refreshed while any is moving. */
export default function JobHistory({
  type,
  place,
  view,
}: {
  type: UploadTypeKey;
  place: UploadPlace;
  view: JobView;
}) {
  const notify = useNotify();
  const table = useDataTable();
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const list = useQuery({
    ...jobListQuery(type, place, { page, pageSize }, search),
    refetchInterval: (query) => (anyJobMoving(query.state.data?.results ?? []) ? HISTORY_REFRESH_MS : false),
  });
  const jobs = list.data?.results ?? [];

  // The export notice is shown once per active job, remembered on this device.
  useEffect(() => {
    for (const due of exportNoticesDue(jobs, shownExportNotices())) {
      notify("success", `${UPLOAD_MSG.exportStarted} ${due.exportJobId}`);
      markExportNoticeShown(due.jobId);
    }
  }, [jobs, notify]);

  const columns: Column<BulkUploadJob>[] = [
    { key: "file", header: "File", render: (j) => wrapped(fileLink(j.file, j.file_name)) },
    {
      key: "sub_project",
      header: "Sub-project",
      render: (j) => wrapped(j.config.sub_project ?? ""),
    },
    { key: "created_by", header: "Created by", render: (j) => j.created_by.name },
    {
      key: "created",
      header: "Created time",
      render: (j) => wrapped(showDateTime(j.created)),
    },
    {
      key: "status",
      header: "Status",
      render: (j) => (
        <span className="job-status" title={j.message ?? undefined}>
          {jobStatusLabel(j.status, view) ?? ""}
        </span>
      ),
    },
    {
      key: "objects",
      header: "Objects",
      render: (j) => (
        <span title="total / clean / unclean / validated">
          {j.total_objects} / {j.total_clean_objects} / {j.total_unclean_objects} /{" "}
          {j.total_validated_objects}
        </span>
      ),
    },
    {
      key: "results",
      header: "Result files",
      render: (j) => (
        <span className="job-files">
          {fileLink(j.clean_objects_media_path, "Clean")} {fileLink(j.unclean_objects_media_path, "Unclean")}
        </span>
      ),
    },
    { key: "queue", header: "Queue", render: (j) => queueText(j) },
  ];
  const failures = jobs.filter((j) => j.status === "failed" && j.message);

  return (
    <section className="card job-history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {list.isError && <p role="alert">The History could not be loaded.</p>}
      {failures.length > 0 && (
        <ul className="job-failures" aria-label="Why uploads failed">
          {failures.map((j) => (
            <li key={j.id}>
              {j.file_name}: {j.message}
            </li>
          ))}
        </ul>
      )}
      <DataTable
        actor={table}
        caption="Upload history"
        columns={columns}
        rows={jobs}
        loading={list.isPending}
        total={list.data?.count ?? 0}
        rowId={(j) => String(j.id)}
        rowActions={(j) => <JobActions job={j} view={view} type={type} place={place} />}
        showRecordCount
      />
      <p className="job-legend">
        Objects: total / clean / unclean / validated rows. Queue: place among the uploads waiting to be
        processed.
      </p>
    </section>
  );
}
