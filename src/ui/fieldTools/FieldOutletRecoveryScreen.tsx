import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import {
  FIELD_TOOLS_REFRESH_MS,
  RECOVERY_MSG,
  RECOVERY_PAGE_SIZE,
  type RecoveryRequest,
  recoveryMoving,
  recoveryStatusLabel,
} from "../../domain/fieldTools/fieldTools";
import { mayUseFieldTools } from "../../domain/shared/permissions";
import { fieldToolKeys, recoveriesQuery, recoveryReport } from "../../infra/api/fieldTools";
import { runApi } from "../../infra/http";
import { useNotify } from "../notifications/useNotify";
import { useCurrentUser } from "../session/SessionGate";
import { showDateTime } from "../uploads/dates";
import DataTable, { type Column } from "../widgets/DataTable";
import { useDataTable } from "../widgets/useDataTable";
import FieldToolsNav from "./FieldToolsNav";
import NoAccess from "./NoAccess";
import RecoveryActions from "./RecoveryActions";
import RecoveryForm from "./RecoveryForm";
import "./fieldTools.css";

/** Saves the request's CSV report as a file. */
async function downloadReport(id: number): Promise<void> {
  const csv = await runApi(recoveryReport(id));
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `outlet-recovery-${id}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

function ReportButton({ id }: { id: number }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-label={`Download report of request ${id}`}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadReport(id)
          .catch(() => notify("failed", RECOVERY_MSG.failed))
          .finally(() => setBusy(false));
      }}
    >
      Report
    </button>
  );
}

function Progress({ request }: { request: RecoveryRequest }) {
  const total = request.rsid_list.length;
  if (request.status !== "processing")
    return (
      <span>
        {request.found_records} found, {request.recovered_records} recovered
      </span>
    );
  return (
    <span className="recovery-progress">
      <progress value={request.handled_records} max={total} aria-label={`Recovery ${request.id} progress`} />{" "}
      {request.handled_records} of {total}
    </span>
  );
}

/** Outlet Field Recovery (spec 002 §2.8): the request form and the table of earlier requests. */
export default function FieldOutletRecoveryScreen() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const table = useDataTable(RECOVERY_PAGE_SIZE);
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const allowed = user ? mayUseFieldTools(user.permissions, user.organisation.kind) : false;
  const list = useQuery({
    ...recoveriesQuery({ page, pageSize }, search),
    enabled: allowed,
    refetchInterval: (query) =>
      recoveryMoving(query.state.data?.results ?? []) ? FIELD_TOOLS_REFRESH_MS : false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: fieldToolKeys.recoveries });
  if (!allowed) return <NoAccess />;

  const columns: Column<RecoveryRequest>[] = [
    { key: "id", header: "ID" },
    { key: "user", header: "User" },
    { key: "project", header: "Project" },
    { key: "sub_project", header: "Sub Project" },
    { key: "auditor", header: "Auditor" },
    { key: "rsid_list", header: "RSIDs", render: (r) => r.rsid_list.join(", ") },
    { key: "date_uploaded", header: "Date Uploaded" },
    { key: "status", header: "Status", render: (r) => recoveryStatusLabel(r.status) },
    { key: "found_records", header: "Found Records", render: (r) => <Progress request={r} /> },
    { key: "created", header: "Requested", render: (r) => showDateTime(r.created) },
    { key: "report", header: "Report", render: (r) => <ReportButton id={r.id} /> },
  ];
  return (
    <div className="page">
      <h1>Outlet Field Recovery</h1>
      <FieldToolsNav />
      <p className="page-lead">
        Recover outlets whose surveys a field auditor's phone could not sync, from the field app dumps
        uploaded for that auditor.
      </p>
      <RecoveryForm onSent={refresh} />
      <section className="card" aria-labelledby="recovery-list-title">
        <h2 id="recovery-list-title">Recovery requests</h2>
        {list.isError && <p role="alert">The recovery requests could not be loaded.</p>}
        <DataTable
          actor={table}
          caption="Recovery requests"
          columns={columns}
          rows={list.data?.results ?? []}
          loading={list.isPending}
          total={list.data?.count ?? 0}
          rowId={(r) => String(r.id)}
          rowActions={(r) => <RecoveryActions request={r} onChanged={refresh} />}
          showRecordCount
        />
      </section>
    </div>
  );
}
