import { useSelector } from "@xstate/react";
import { localTableView } from "../../domain/shared/table";
import DataTable, { type Column } from "./DataTable";
import { useDataTable } from "./useDataTable";

/** A column of rows held whole: `value` is what the search reads and the order compares. */
export type HeldColumn<Row> = Column<Row> & { value: (row: Row) => string | number };

/** A sortable column whose shown text is also what is searched and ordered. */
export const textColumn = <Row,>(
  key: string,
  header: string,
  value: (row: Row) => string,
): HeldColumn<Row> => ({
  key,
  header,
  sortable: true,
  value,
  render: value,
});

/**
 * Rows an answer holds whole (a summary, the latest checks), shown in the shared data table: search,
 * column order and pages are applied here to the rows held. The view lives in the URL like every
 * table's; a page's second table names its keys with `prefix`.
 */
export default function HeldRowsTable<Row>({
  caption,
  columns,
  rows,
  rowId,
  loading = false,
  prefix,
}: {
  caption: string;
  columns: readonly HeldColumn<Row>[];
  rows: readonly Row[];
  rowId: (row: Row) => string;
  loading?: boolean;
  prefix?: string;
}) {
  const actor = useDataTable(undefined, prefix);
  const query = useSelector(actor, (s) => s.context);
  const byKey = new Map(columns.map((c) => [c.key, c.value]));
  const view = localTableView(
    rows,
    query,
    (r) => columns.map((c) => String(c.value(r))).join(" "),
    (r, key) => byKey.get(key)?.(r) ?? "",
  );
  return (
    <DataTable
      actor={actor}
      caption={caption}
      columns={columns}
      rows={view.rows}
      total={view.total}
      rowId={rowId}
      loading={loading}
    />
  );
}
