/**
 * View all (000 §2.1 /dashboard/view-all; docs/projects.md, "View all"): every notification of the
 * user, newest first and paged: the project notifications of the projects they see and their own
 * upload notifications, one kind or both (kept in the address as `?kind=`). A project notification
 * opens its outlet, an upload's its upload screen.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { Link, useLocation, useSearch } from "wouter";
import {
  uploadScreenPath,
  VIEW_ALL_KIND_LABEL,
  VIEW_ALL_KINDS,
  type ViewAllEntry,
  type ViewAllKind,
} from "../../domain/projects/viewAll";
import { viewAllQuery } from "../../infra/api/projects";
import { isBuiltPath } from "../routes/allBuilt";
import DataTable, { type Column } from "../widgets/DataTable";
import { useDataTable } from "../widgets/useDataTable";
import { NOTIFICATIONS_PATH, outletPath } from "./projectPaths";
import "./projects.css";

/** Where an entry leads: its outlet, or its upload's screen when that screen is built. */
function entryPath(entry: ViewAllEntry): string | null {
  if (entry.outlet) return outletPath(entry.outlet);
  const path = entry.upload ? uploadScreenPath(entry.upload) : null;
  return path && isBuiltPath(path) ? path : null;
}

const columns: Column<ViewAllEntry>[] = [
  {
    key: "title",
    header: "Title",
    render: (e) => {
      const path = entryPath(e);
      const unread = e.read === false && <span className="visually-hidden"> (unread)</span>;
      return path ? (
        <Link href={path} className={e.read === false ? "unread" : undefined}>
          {e.title}
          {unread}
        </Link>
      ) : (
        <span>
          {e.title}
          {unread}
        </span>
      );
    },
  },
  { key: "subText", header: "Detail" },
  { key: "kind", header: "Kind", render: (e) => VIEW_ALL_KIND_LABEL[e.kind] },
  { key: "date", header: "Date" },
  { key: "time", header: "Time" },
  { key: "read", header: "Status", render: (e) => (e.read === null ? "" : e.read ? "Read" : "Unread") },
];

const isKind = (value: string | null): value is ViewAllKind =>
  (VIEW_ALL_KINDS as readonly string[]).includes(value ?? "");

function ViewAllList({ kind }: { kind: ViewAllKind | null }) {
  const table = useDataTable();
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const list = useQuery({ ...viewAllQuery(page, pageSize, kind, search), placeholderData: keepPreviousData });
  return (
    <>
      {list.data && (
        <p className="page-lead">
          {list.data.count} notifications
          {kind === "upload" ? "." : `; ${list.data.unread} project notifications unread.`}
        </p>
      )}
      {list.isError && (
        <p role="alert">The notifications could not be loaded. Check your connection and try again.</p>
      )}
      <DataTable
        actor={table}
        caption="All notifications"
        columns={columns}
        rows={list.data?.results ?? []}
        loading={list.isPending}
        total={list.data?.count ?? 0}
        rowId={(e) => `${e.kind}-${e.id}`}
        showRecordCount
      />
    </>
  );
}

export default function ViewAllScreen() {
  const [path, navigate] = useLocation();
  const chosen = new URLSearchParams(useSearch()).get("kind");
  const kind = isKind(chosen) ? chosen : null;
  return (
    <div className="page">
      <div className="page-heading">
        <h1>All notifications</h1>
        <Link href={NOTIFICATIONS_PATH}>Project notifications</Link>
      </div>
      <label className="view-all-kind">
        Kind{" "}
        <select
          value={kind ?? ""}
          onChange={(e) => navigate(e.target.value ? `${path}?kind=${e.target.value}` : path)}
        >
          <option value="">Every notification</option>
          {VIEW_ALL_KINDS.map((k) => (
            <option key={k} value={k}>
              {VIEW_ALL_KIND_LABEL[k]}s
            </option>
          ))}
        </select>
      </label>
      <ViewAllList key={kind ?? ""} kind={kind} />
    </div>
  );
}
