/**
 * The auditor's pending, rejected and completed lists: the server pages and searches them, the
 * data table machine keeps the page, size and search (in the address, so Back returns to them).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import { FIELD_LIST_TITLES, type FieldList, type FieldOutlet } from "../../domain/fieldUser";
import { stateLabel } from "../../domain/outletStates";
import { fieldListQuery } from "../../infra/api/fieldUser";
import DataTable, { type Column } from "../widgets/DataTable";
import { useDataTable } from "../widgets/useDataTable";

/** What each list holds, in the auditor's words (docs/field-user.md). */
const LEAD: Record<FieldList, string> = {
  pending: "Surveys waiting for review by QC or calling.",
  rejected: "Outlets turned down at a review: open one to see why.",
  completed: "Surveys accepted by every review.",
};

export const outletDetailPath = (rsid: string) => `/eMyTrack/outlet-detail/${encodeURIComponent(rsid)}`;

const COLUMNS: Column<FieldOutlet>[] = [
  { key: "rsid", header: "RSID", render: (o) => <Link href={outletDetailPath(o.rsid)}>{o.rsid}</Link> },
  {
    key: "name",
    header: "Outlet",
    render: (o) => (
      <>
        {o.name}
        <span className="field-secondary">
          {o.owner_name} · {o.city}
        </span>
      </>
    ),
  },
  { key: "workflow_state", header: "Status", render: (o) => stateLabel(o.workflow_state) },
];

export function FieldOutletList({ list }: { list: FieldList }) {
  const table = useDataTable();
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const rows = useQuery({
    ...fieldListQuery(list, { page, pageSize, search }),
    placeholderData: keepPreviousData,
  });
  const title = FIELD_LIST_TITLES[list];
  return (
    <section aria-labelledby="field-list">
      <h1 id="field-list" className="ekyc-title">
        {title}
      </h1>
      <p className="field-lead">{LEAD[list]}</p>
      {rows.isError && <p role="alert">Your outlets could not be loaded. Please try again.</p>}
      <DataTable
        actor={table}
        caption={`${title} outlets`}
        columns={COLUMNS}
        rows={rows.data?.results ?? []}
        total={rows.data?.count ?? 0}
        rowId={(o) => o.rsid}
        showRecordCount
      />
    </section>
  );
}
