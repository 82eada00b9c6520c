/** The eMyTrack dashboard: the auditor's outlets counted by list (each opening it) and by state. */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { OUTLET_ADD_PATH } from "../../domain/ekyc/fieldCapture";
import { FIELD_LIST_PATHS, FIELD_LIST_TITLES, FIELD_LISTS } from "../../domain/ekyc/fieldUser";
import { stateLabel } from "../../domain/outlets/outletStates";
import { fieldSummaryQuery } from "../../infra/api/fieldUser";
import { OwnRank } from "./OwnRank";

export function FieldOutletCounts() {
  const summary = useQuery(fieldSummaryQuery());
  if (summary.isPending) return <p>Loading your outlets…</p>;
  if (summary.isError) return <p role="alert">Your outlets could not be loaded. Please try again.</p>;
  const { results, total, lists } = summary.data;
  return (
    <section aria-labelledby="field-outlets">
      <h1 id="field-outlets" className="ekyc-title">
        Your outlets: {total}
      </h1>
      <ul className="field-tiles" aria-label="Your lists">
        {FIELD_LISTS.map((list) => (
          <li key={list}>
            <Link href={FIELD_LIST_PATHS[list]} className={`field-tile field-tile-${list}`}>
              <span className="field-tile-count">{lists[list]}</span>
              <span>{FIELD_LIST_TITLES[list]}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link href={OUTLET_ADD_PATH} className="button button-primary field-action">
        Add an outlet
      </Link>
      <OwnRank />
      <h2 className="ekyc-subtitle">By status</h2>
      <table className="ekyc-counts">
        <tbody>
          {results.map((r) => (
            <tr key={r.workflow_state}>
              <th scope="row">{stateLabel(r.workflow_state)}</th>
              <td>{r.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
