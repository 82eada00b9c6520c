/**
 * The WhatsApp delivery logs (docs/messaging.md): `/dashboard/message/details` lists each message a
 * confirmed Bulk WhatsApp Message upload queued, with its status, error and history, and
 * `/dashboard/message/summary` counts them per upload, template and day. Both read again while
 * messages are still on their way.
 */
import { useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { Link, useLocation, useSearch } from "wouter";
import {
  MESSAGE_MSG,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  type MessageRow,
  type MessageStatus,
  type SummaryRow,
} from "../../domain/messaging/messaging";
import { messageSummaryQuery, messagesQuery } from "../../infra/api/messaging";
import { showDateTime } from "../uploads/dates";
import { Select } from "../widgets/Controls";
import DataTable, { type Column } from "../widgets/DataTable";
import HeldRowsTable, { type HeldColumn } from "../widgets/HeldRowsTable";
import { useDataTable } from "../widgets/useDataTable";
import "../tax/tax.css";

/** How often a log is read again while messages are on their way. */
const REFRESH_MS = 2000;
const onTheirWay = (statuses: readonly MessageStatus[]) =>
  statuses.some((s) => s === "queued" || s === "sent" || s === "delivered");

function MessagingNav() {
  const [path] = useLocation();
  const pages = [
    { to: "/dashboard/message", label: "Bulk WhatsApp Message" },
    { to: "/dashboard/message/details", label: MESSAGE_MSG.detailsTitle },
    { to: "/dashboard/message/summary", label: MESSAGE_MSG.summaryTitle },
  ];
  return (
    <nav aria-label="Messaging" className="tax-nav">
      {pages.map((p) => (
        <Link key={p.to} href={p.to} aria-current={path === p.to ? "page" : undefined}>
          {p.label}
        </Link>
      ))}
    </nav>
  );
}

/** The address's filters, written back when one is chosen. */
function useFilters() {
  const params = new URLSearchParams(useSearch());
  const [path, navigate] = useLocation();
  const set = (key: string, value: string) => {
    if (value) params.set(key, value);
    else params.delete(key);
    params.delete("page");
    navigate(`${path}?${params.toString()}`, { replace: true });
  };
  const job = params.get("job");
  const status = params.get("status");
  return {
    job: job && /^\d{1,9}$/.test(job) ? job : null,
    status: (MESSAGE_STATUSES as readonly string[]).includes(status ?? "") ? (status as MessageStatus) : null,
    set,
  };
}

const statusText = (r: Pick<MessageRow, "status">) => (
  <span className={r.status === "failed" ? "message-status-failed" : undefined}>
    {MESSAGE_STATUS_LABELS[r.status]}
  </span>
);

const DETAIL_COLUMNS: Column<MessageRow>[] = [
  { key: "job_id", header: "Upload", render: (r) => `${r.job_id} (${r.file_name})` },
  { key: "phone_number", header: "Phone number" },
  { key: "template_name", header: "Template" },
  { key: "status", header: "Status", render: statusText },
  { key: "error", header: "Error", render: (r) => r.error ?? "" },
  {
    key: "history",
    header: "History",
    render: (r) =>
      [
        `Queued ${showDateTime(r.queued_at)}`,
        ...r.history.map((h) => `${MESSAGE_STATUS_LABELS[h.status]} ${showDateTime(h.at)}`),
      ].join(" → "),
  },
];

export function MessageDetailsScreen() {
  const { job, status, set } = useFilters();
  const table = useDataTable();
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const query = { ...(job ? { job } : {}), ...(status ? { status } : {}), ...(search ? { search } : {}) };
  const list = useQuery({
    ...messagesQuery(query, { page, pageSize }),
    refetchInterval: (q) =>
      onTheirWay((q.state.data?.results ?? []).map((r) => r.status)) ? REFRESH_MS : false,
  });
  return (
    <div className="page">
      <MessagingNav />
      <h1>{MESSAGE_MSG.detailsTitle}</h1>
      <p className="page-lead">
        Each message a confirmed Bulk WhatsApp Message upload queued, newest upload first: it is sent through
        the WhatsApp provider and moves from queued to sent, delivered and read, or fails with the provider's
        reason.
      </p>
      <div className="list-filters">
        <Select
          label="Status"
          value={status ?? ""}
          options={[
            { label: "All statuses", value: "" },
            ...MESSAGE_STATUSES.map((s) => ({ label: MESSAGE_STATUS_LABELS[s], value: s })),
          ]}
          onChange={(v) => set("status", v)}
        />
        {job && (
          <p>
            Upload {job}{" "}
            <button type="button" className="button button-secondary" onClick={() => set("job", "")}>
              All uploads
            </button>
          </p>
        )}
      </div>
      {list.isError && <p role="alert">{MESSAGE_MSG.loadFailed}</p>}
      <DataTable
        actor={table}
        caption="WhatsApp messages"
        columns={DETAIL_COLUMNS}
        rows={list.data?.results ?? []}
        loading={list.isPending}
        total={list.data?.count ?? 0}
        rowId={(r) => String(r.id)}
        showRecordCount
      />
      <p>
        <Link href={`/dashboard/message/summary${job ? `?job=${job}` : ""}`}>{MESSAGE_MSG.summaryTitle}</Link>
      </p>
    </div>
  );
}

const count = (key: keyof SummaryRow & string, header: string): HeldColumn<SummaryRow> => ({
  key,
  header,
  sortable: true,
  value: (r) => r[key] as number,
  render: (r) => String(r[key]),
});
const SUMMARY_COLUMNS: HeldColumn<SummaryRow>[] = [
  {
    key: "job_id",
    header: "Upload",
    sortable: true,
    value: (r) => r.job_id,
    render: (r) => (
      <Link href={`/dashboard/message/details?job=${r.job_id}`}>{`${r.job_id} (${r.file_name})`}</Link>
    ),
  },
  { key: "template_name", header: "Template", sortable: true, value: (r) => r.template_name },
  { key: "day", header: "Day", sortable: true, value: (r) => r.day },
  count("total", "Messages"),
  count("queued", "Queued"),
  count("sent", "Sent"),
  count("delivered", "Delivered"),
  count("read", "Read"),
  count("failed", "Failed"),
];

export function MessageSummaryScreen() {
  const { job, set } = useFilters();
  const summary = useQuery({
    ...messageSummaryQuery(job),
    refetchInterval: (q) =>
      (q.state.data?.results ?? []).some((r) => r.queued + r.sent > 0) ? REFRESH_MS : false,
  });
  return (
    <div className="page">
      <MessagingNav />
      <h1>{MESSAGE_MSG.summaryTitle}</h1>
      <p className="page-lead">
        The WhatsApp messages counted by status for each upload, template and the day the upload was
        confirmed.
      </p>
      {job && (
        <p>
          Upload {job}{" "}
          <button type="button" className="button button-secondary" onClick={() => set("job", "")}>
            All uploads
          </button>
        </p>
      )}
      {summary.isError && <p role="alert">{MESSAGE_MSG.loadFailed}</p>}
      {summary.data &&
        (summary.data.results.length === 0 ? (
          <p>{MESSAGE_MSG.noMessages}</p>
        ) : (
          <HeldRowsTable
            caption="Messages per upload, template and day"
            columns={SUMMARY_COLUMNS}
            rows={summary.data.results}
            rowId={(r) => `${r.job_id} ${r.template_name} ${r.day}`}
          />
        ))}
    </div>
  );
}
