/**
 * The auditor's pending, rejected and completed lists: the server pages and searches them, the
 * data table machine keeps the page, size and search (in the address, so Back returns to them),
 * and the table's own search box and pager drive it.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import { FIELD_LIST_TITLES, type FieldList } from "../../domain/ekyc/fieldUser";
import { stateLabel } from "../../domain/outlets/outletStates";
import { MSG } from "../../domain/shared/messages";
import { fieldListQuery } from "../../infra/api/fieldUser";
import { TablePager, TableSearch } from "../widgets/DataTable";
import { useDataTable } from "../widgets/useDataTable";

/** What each list holds, in the auditor's words (docs/field-user.md). */
const LEAD: Record<FieldList, string> = {
  pending: "Surveys waiting for review by QC or calling.",
  rejected: "Outlets turned down at a review: open one to see why.",
  completed: "Surveys accepted by every review.",
};

export const outletDetailPath = (rsid: string) => `/eMyTrack/outlet-detail/${encodeURIComponent(rsid)}`;

export function FieldOutletList({ list }: { list: FieldList }) {
  const table = useDataTable();
  const { page, pageSize, search } = useSelector(table, (s) => s.context);
  const query = useQuery({
    ...fieldListQuery(list, { page, pageSize, search }),
    placeholderData: keepPreviousData,
  });
  const title = FIELD_LIST_TITLES[list];
  const rows = query.data?.results ?? [];
  return (
    <section aria-labelledby="field-list">
      <h1 id="field-list" className="ekyc-title">
        {title}
      </h1>
      <p className="field-lead">{LEAD[list]}</p>
      <TableSearch actor={table} caption={`${title} outlets`} />
      {query.isError && <p role="alert">Your outlets could not be loaded. Please try again.</p>}
      {/* Cards rather than table rows: a phone shows the name, RSID, status and where in full. */}
      <ul className="field-cards" aria-label={`${title} outlets`} aria-busy={query.isFetching}>
        {query.isSuccess && rows.length === 0 && <li className="field-card-empty">{MSG.noDataAvailable}</li>}
        {rows.map((o) => (
          <li key={o.rsid}>
            <Link href={outletDetailPath(o.rsid)} className="field-card">
              <span className="field-card-name">{o.name}</span>
              <span>
                {o.rsid} · {stateLabel(o.workflow_state)}
              </span>
              <span className="field-secondary">
                {o.owner_name} · {o.city}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <TablePager actor={table} rowsOnPage={rows.length} total={query.data?.count ?? 0} showRecordCount />
    </section>
  );
}
