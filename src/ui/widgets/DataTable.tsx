import { useSelector } from "@xstate/react";
import { type ReactNode, useId, useState } from "react";
import { MSG } from "../../domain/shared/messages";
import {
  isPageSizeSelectable,
  PAGE_SIZE_OPTIONS,
  pageCount,
  pagerText,
  showingText,
  TABLE_MAX_HEIGHT_PX,
} from "../../domain/shared/table";
import { Spinner } from "./Controls";
import type { DataTableActor } from "./useDataTable";

export type Column<Row> = {
  key: string;
  header: string;
  sortable?: boolean;
  render?: (row: Row) => ReactNode;
};

/** A total the server may have estimated, and whether a page follows (its `next` link). */
export type Estimate = { readonly estimated: boolean; readonly hasNext: boolean };

type Props<Row> = {
  actor: DataTableActor;
  caption: string;
  columns: readonly Column<Row>[];
  /** The rows of the current page. */
  rows: readonly Row[];
  /** Rows across all pages. */
  total: number;
  /** Where the server gave an estimated total: it says so, and Next follows its `next` link. */
  estimate?: Estimate;
  rowId: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  rowActions?: (row: Row) => ReactNode;
  selectable?: boolean;
  showRecordCount?: boolean;
  /** Shown above the table when the filter panel is toggled open. */
  filterPanel?: ReactNode;
  maxHeight?: number;
  /** The rows are being read: the table is busy and, while it has none, says so instead of "No Data Available". */
  loading?: boolean;
};

const ROW_HEIGHT = 41;
const OVERSCAN = 8;

/**
 * The paginated data table: sortable columns, row click and actions, selection with select-all on
 * the page, a search box, the page size selector and the pager. Only the rows in view are rendered,
 * so a 1000-row page scrolls smoothly.
 */
export default function DataTable<Row>({
  actor,
  caption,
  columns,
  rows,
  total,
  estimate,
  rowId,
  onRowClick,
  rowActions,
  selectable = false,
  showRecordCount = false,
  filterPanel,
  maxHeight = TABLE_MAX_HEIGHT_PX,
  loading = false,
}: Props<Row>) {
  const { sort, selected, filtersOpen } = useSelector(actor, (s) => s.context);
  const [scrollTop, setScrollTop] = useState(0);

  const ids = rows.map(rowId);
  const allOnPage = ids.length > 0 && ids.every((id) => selected.includes(id));
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + maxHeight) / ROW_HEIGHT) + OVERSCAN);
  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);

  return (
    <div className="data-table">
      <div className="data-table-toolbar">
        <TableSearch actor={actor} caption={caption} />
        {filterPanel && (
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={filtersOpen}
            onClick={() => actor.send({ type: "filters.toggle" })}
          >
            Filters
          </button>
        )}
        {selectable && <span className="data-table-selected">{selected.length} selected</span>}
      </div>
      {filterPanel && filtersOpen && <div className="data-table-filters">{filterPanel}</div>}
      <section
        className="data-table-scroll"
        style={{ maxHeight }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard to scroll it
        tabIndex={0}
        aria-label={`${caption} rows`}
        aria-busy={loading}
      >
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {selectable && (
                <th scope="col" className="data-table-check">
                  <input
                    type="checkbox"
                    aria-label="Select all rows on this page"
                    checked={allOnPage}
                    onChange={() => actor.send({ type: "page.toggleAll", ids })}
                  />
                </th>
              )}
              {columns.map((c) => {
                const direction = sort?.key === c.key ? sort.direction : null;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={
                      direction === "asc" ? "ascending" : direction === "desc" ? "descending" : undefined
                    }
                  >
                    {c.sortable ? (
                      <button
                        type="button"
                        className="data-table-sort"
                        onClick={() => actor.send({ type: "sort.toggle", key: c.key })}
                      >
                        {c.header}
                        <span aria-hidden="true">
                          {direction === "asc" ? " ▲" : direction === "desc" ? " ▼" : ""}
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
              {rowActions && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={columnCount} className="data-table-empty">
                  {loading ? <Spinner /> : MSG.noDataAvailable}
                </td>
              </tr>
            )}
            {first > 0 && <tr className="data-table-spacer" style={{ height: first * ROW_HEIGHT }} />}
            {rows.slice(first, last).map((row) => {
              const id = rowId(row);
              return (
                <tr
                  key={id}
                  style={{ height: ROW_HEIGHT }}
                  className={onRowClick ? "data-table-clickable" : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={onRowClick ? (e) => e.key === "Enter" && onRowClick(row) : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                >
                  {selectable && (
                    <td
                      className="data-table-check"
                      onClick={(e) => e.stopPropagation()}
                      onKeyDown={(e) => e.stopPropagation()}
                    >
                      <input
                        type="checkbox"
                        aria-label={`Select row ${id}`}
                        checked={selected.includes(id)}
                        onChange={() => actor.send({ type: "row.toggle", id })}
                      />
                    </td>
                  )}
                  {columns.map((c) => (
                    <td key={c.key}>
                      {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? "")}
                    </td>
                  ))}
                  {rowActions && (
                    <td onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                      {rowActions(row)}
                    </td>
                  )}
                </tr>
              );
            })}
            {last < rows.length && (
              <tr className="data-table-spacer" style={{ height: (rows.length - last) * ROW_HEIGHT }} />
            )}
          </tbody>
        </table>
      </section>
      <TablePager
        actor={actor}
        rowsOnPage={rows.length}
        total={total}
        estimate={estimate}
        showRecordCount={showRecordCount}
      />
    </div>
  );
}

/** The table's search box: typing is debounced by the table machine. */
export function TableSearch({ actor, caption }: { actor: DataTableActor; caption: string }) {
  const typed = useSelector(actor, (s) => s.context.typed);
  const searchId = useId();
  return (
    <>
      <label htmlFor={searchId} className="visually-hidden">
        Search {caption}
      </label>
      <input
        id={searchId}
        type="search"
        className="data-table-search"
        placeholder="Search"
        value={typed}
        onChange={(e) => actor.send({ type: "search.type", text: e.target.value })}
      />
    </>
  );
}

/** Page size, the record count and Previous and Next, over the table machine's page. */
export function TablePager({
  actor,
  rowsOnPage,
  total,
  estimate,
  showRecordCount = false,
}: {
  actor: DataTableActor;
  rowsOnPage: number;
  total: number;
  estimate?: Estimate;
  showRecordCount?: boolean;
}) {
  const { page, pageSize } = useSelector(actor, (s) => s.context);
  const sizeId = useId();
  const estimated = estimate?.estimated ?? false;
  const lastPage = estimate ? !estimate.hasNext : page >= pageCount(total, pageSize);
  return (
    <div className="data-table-pager">
      <label htmlFor={sizeId}>Show</label>
      <select
        id={sizeId}
        value={pageSize}
        disabled={!isPageSizeSelectable(rowsOnPage)}
        onChange={(e) => actor.send({ type: "pageSize.change", pageSize: Number(e.target.value) })}
      >
        {PAGE_SIZE_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {showRecordCount && <span>{showingText(page, pageSize, total, estimated)}</span>}
      <span className="data-table-page">{pagerText(page, total, pageSize, estimated)}</span>
      <button
        type="button"
        className="button button-secondary"
        disabled={page <= 1}
        onClick={() => actor.send({ type: "page.go", page: page - 1 })}
      >
        Previous
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={lastPage}
        onClick={() => actor.send({ type: "page.go", page: page + 1 })}
      >
        Next
      </button>
    </div>
  );
}
