/**
 * The allocation edit page's outlet tables (the open outlets to choose from, the preview's moves):
 * one scrollable table whose first columns name the outlet the same way in both, then the columns
 * the table adds.
 */
import type { ReactNode } from "react";
import type { AllocationOutlet } from "../../domain/allocation/allocation";
import { stateLabel } from "../../domain/outlets/outletStates";

export type OutletColumn<R> = { key: string; header: ReactNode; cell: (row: R) => ReactNode };

/** RSID, outlet, sub-project and state: how both tables name an outlet. */
const NAMED: readonly OutletColumn<AllocationOutlet>[] = [
  { key: "rsid", header: "RSID", cell: (o) => o.rsid },
  { key: "name", header: "Outlet", cell: (o) => o.name },
  { key: "sub_project", header: "Sub-project", cell: (o) => o.sub_project },
  { key: "state", header: "State", cell: (o) => stateLabel(o.state) },
];

export const assigneeName = (o: AllocationOutlet) => o.assignee?.name ?? "No one";

export function OutletTable<R extends AllocationOutlet>({
  label,
  rows,
  before = [],
  after,
}: {
  label: string;
  rows: readonly R[];
  /** Columns ahead of the outlet's name (a choose box). */
  before?: readonly OutletColumn<R>[];
  after: readonly OutletColumn<R>[];
}) {
  const columns = [...before, ...NAMED, ...after];
  return (
    <section
      className="allocation-scroll"
      aria-label={`${label} list`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard to scroll it
      tabIndex={0}
    >
      <table className="allocation-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              {columns.map((c) => (
                <td key={c.key}>{c.cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
