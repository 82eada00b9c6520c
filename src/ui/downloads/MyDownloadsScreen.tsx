import { useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { anyExportPreparing, downloadState, type ExportJob } from "../../domain/downloads/downloads";
import { EXPORT_EXPIRY_HOURS } from "../../domain/uploads/bulkUpload";
import { exportsQuery } from "../../infra/api/bulkUploadQueries";
import { showDateTime } from "../uploads/dates";
import DataTable, { type Column } from "../widgets/DataTable";
import { useDataTable } from "../widgets/useDataTable";

/** How often the list is read again while an export is being prepared. */
const REFRESH_MS = 2000;

const STATUS_TEXT = { preparing: "Preparing", ready: "Ready", expired: "Expired", failed: "Failed" } as const;

function DownloadCell({ job }: { job: ExportJob }) {
  const state = downloadState(job, Date.now());
  if (state === "ready" && job.file) return <a href={job.file}>Download</a>;
  if (state === "preparing")
    return <progress value={job.progress} max={100} aria-label={`Export ${job.id} progress`} />;
  return <span>{state === "expired" ? "Expired" : (job.message ?? "Failed")}</span>;
}

/** My Downloads: the user's exports with status, progress and a download link until they expire. */
export default function MyDownloadsScreen() {
  const table = useDataTable();
  const { page, pageSize } = useSelector(table, (s) => s.context);
  const list = useQuery({
    ...exportsQuery({ page, pageSize }),
    refetchInterval: (query) => (anyExportPreparing(query.state.data?.results ?? []) ? REFRESH_MS : false),
  });
  const columns: Column<ExportJob>[] = [
    { key: "id", header: "Job ID" },
    { key: "title", header: "Export" },
    { key: "created", header: "Started", render: (j) => showDateTime(j.created) },
    { key: "status", header: "Status", render: (j) => STATUS_TEXT[downloadState(j, Date.now())] },
    { key: "progress", header: "Progress", render: (j) => `${j.progress}%` },
    {
      key: "expires_at",
      header: "Available until",
      render: (j) => (j.expires_at ? showDateTime(j.expires_at) : ""),
    },
    { key: "file", header: "Download", render: (j) => <DownloadCell job={j} /> },
  ];
  return (
    <div className="page">
      <h1>My Downloads</h1>
      <p className="page-lead">
        Exports run in the background. Each file can be downloaded for {EXPORT_EXPIRY_HOURS} hours after it is
        ready.
      </p>
      {list.isError && <p role="alert">Your downloads could not be loaded.</p>}
      <DataTable
        actor={table}
        caption="My downloads"
        columns={columns}
        rows={list.data?.results ?? []}
        loading={list.isPending}
        total={list.data?.count ?? 0}
        rowId={(j) => String(j.id)}
        showRecordCount
      />
    </div>
  );
}
