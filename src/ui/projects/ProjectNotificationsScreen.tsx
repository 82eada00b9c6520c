/**
 * /dashboard/projects/notifications: every project notification the user may see, newest first,
 * paged and searched by outlet name or RSID (000 §3: title, subText, date, time); an entry opens
 * its outlet. Unread entries say so; opening a card's menu is what reads them.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ProjectNotification } from "../../domain/projects/projects";
import { projectNotificationsQuery } from "../../infra/api/projects";
import DataTable, { type Column } from "../widgets/DataTable";
import { useDataTable } from "../widgets/useDataTable";
import { outletPath, PROJECTS_PATH } from "./projectPaths";

const columns: Column<ProjectNotification>[] = [
  {
    key: "title",
    header: "Title",
    render: (n) => (
      <Link href={outletPath(n.outlet)}>
        {n.title}
        {!n.read && <span className="visually-hidden"> (unread)</span>}
      </Link>
    ),
  },
  { key: "subText", header: "Outlet" },
  { key: "date", header: "Date" },
  { key: "time", header: "Time" },
  { key: "read", header: "Status", render: (n) => (n.read ? "Read" : "Unread") },
];

export default function ProjectNotificationsScreen() {
  const table = useDataTable();
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const list = useQuery({
    ...projectNotificationsQuery(page, pageSize, search),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="page">
      <div className="page-heading">
        <h1>Project notifications</h1>
        <Link href={PROJECTS_PATH}>Back to projects</Link>
      </div>
      {list.data && (
        <p className="page-lead">
          {list.data.unread} unread of {list.data.count}.
        </p>
      )}
      {list.isError && (
        <p role="alert">The notifications could not be loaded. Check your connection and try again.</p>
      )}
      <DataTable
        actor={table}
        caption="Project notifications"
        columns={columns}
        rows={list.data?.results ?? []}
        loading={list.isPending}
        total={list.data?.count ?? 0}
        rowId={(n) => String(n.id)}
        showRecordCount
      />
    </div>
  );
}
