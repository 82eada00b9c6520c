import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { useId } from "react";
import {
  DUMP_PAGE_SIZE,
  dumpStatusLabel,
  dumpsMoving,
  FIELD_TOOLS_REFRESH_MS,
  type FieldAppDump,
} from "../../domain/fieldTools/fieldTools";
import { mayUseFieldTools } from "../../domain/shared/permissions";
import { dumpsQuery, fieldAuditorsQuery, fieldToolKeys } from "../../infra/api/fieldTools";
import { dumpUploadMachine } from "../../machines/fieldTools/dumpUpload";
import { useNotify } from "../notifications/useNotify";
import { useCurrentUser } from "../session/SessionGate";
import { showDateTime } from "../uploads/dates";
import { FieldErrorList, invalidProps, LoadingButton } from "../widgets/Controls";
import DataTable, { type Column } from "../widgets/DataTable";
import { useDataTable } from "../widgets/useDataTable";
import FieldSelect from "./FieldSelect";
import FieldToolsNav from "./FieldToolsNav";
import { dumpUploadActors } from "./fieldToolActors";
import NoAccess from "./NoAccess";
import "./fieldTools.css";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";

/** The upload form, driven by the dumpUpload machine. */
export function DumpUploadForm({
  onUploaded,
  actors,
}: {
  onUploaded: () => void;
  /** Tests provide fakes. */
  actors?: Partial<ReturnType<typeof dumpUploadActors>>;
}) {
  const notify = useNotify();
  const actor = useLiveActorRef(
    useProvided(dumpUploadMachine, {
      actors: { ...dumpUploadActors(), ...actors },
      actions: {
        notifySuccess: (_, { text }) => notify("success", text),
        notifyFailure: (_, { text }) => notify("failed", text),
        dumpsChanged: onUploaded,
      },
    }),
  );
  const { fieldAppUser, errors, serverMessage, resets } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag("busy"));
  const auditors = useQuery(fieldAuditorsQuery());
  const fileId = useId();
  const fileErrors = [errors.uploaded_file, serverMessage].filter((e): e is string => !!e);
  return (
    <form
      className="card field-tools-form"
      aria-labelledby="dump-form-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: "form.submit" });
      }}
    >
      <h2 id="dump-form-title">Upload a dump</h2>
      <div className="field-tools-grid">
        <div className="field">
          <label htmlFor={fileId}>Dump file *</label>
          <input
            key={resets}
            id={fileId}
            type="file"
            accept=".json,application/json"
            {...invalidProps(`${fileId}-errors`, fileErrors)}
            onChange={(e) => actor.send({ type: "field.file", file: e.target.files?.[0] ?? null })}
          />
          <FieldErrorList id={`${fileId}-errors`} errors={fileErrors} />
        </div>
        <FieldSelect
          label="Field App User"
          placeholder="Select field app user"
          options={auditors.data ?? []}
          value={fieldAppUser}
          error={errors.field_app_user}
          onChange={(id) => actor.send({ type: "field.user", id })}
        />
      </div>
      <p className="field-tools-note">
        The JSON file the field app exports of its local data. It is checked in the background; the History
        shows whether it was read.
      </p>
      <LoadingButton type="submit" loading={busy}>
        Upload
      </LoadingButton>
    </form>
  );
}

/** Field App Dump Upload (spec 002 §2.9): the upload form and the History, 15 to a page. */
export default function FieldAppDumpScreen() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const table = useDataTable(DUMP_PAGE_SIZE);
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const allowed = user ? mayUseFieldTools(user.permissions, user.organisation.kind) : false;
  const list = useQuery({
    ...dumpsQuery({ page, pageSize }, search),
    enabled: allowed,
    refetchInterval: (query) =>
      dumpsMoving(query.state.data?.results ?? []) ? FIELD_TOOLS_REFRESH_MS : false,
  });
  if (!allowed) return <NoAccess />;
  const columns: Column<FieldAppDump>[] = [
    { key: "id", header: "ID" },
    { key: "created_by", header: "Created By", render: (d) => d.created_by.name },
    { key: "field_app_user", header: "Field App User", render: (d) => d.field_app_user.name },
    {
      key: "status",
      header: "Status",
      render: (d) => (
        <span>
          {dumpStatusLabel(d.status)}
          {d.status === "completed" && ` (${d.record_count} surveys)`}
          {d.message && <span className="dump-message">{d.message}</span>}
        </span>
      ),
    },
    {
      key: "uploaded_file",
      header: "Uploaded File",
      render: (d) => <a href={d.uploaded_file}>{d.file_name}</a>,
    },
    { key: "created", header: "Uploaded", render: (d) => showDateTime(d.created) },
  ];
  return (
    <div className="page">
      <h1>Field App Dump Upload</h1>
      <FieldToolsNav />
      <DumpUploadForm
        onUploaded={() => void queryClient.invalidateQueries({ queryKey: fieldToolKeys.dumps })}
      />
      <section className="card" aria-labelledby="dump-history-title">
        <h2 id="dump-history-title">History</h2>
        {list.isError && <p role="alert">The History could not be loaded.</p>}
        <DataTable
          actor={table}
          caption="Dump history"
          columns={columns}
          rows={list.data?.results ?? []}
          loading={list.isPending}
          total={list.data?.count ?? 0}
          rowId={(d) => String(d.id)}
          showRecordCount
        />
      </section>
    </div>
  );
}
