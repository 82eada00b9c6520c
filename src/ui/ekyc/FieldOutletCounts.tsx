/** The field auditor's outlets counted by workflow state, on the eMyTrack dashboard. */
import { useQuery } from "@tanstack/react-query";
import { stateLabel } from "../../domain/outletStates";
import { fieldOutletSummary } from "../../infra/api/fieldUser";
import { runApi } from "../../infra/http";

export function FieldOutletCounts() {
  const summary = useQuery({
    queryKey: ["my-track", "outlets", "summary"],
    queryFn: () => runApi(fieldOutletSummary()),
  });
  if (summary.isPending) return <p>Loading your outlets…</p>;
  if (summary.isError) return <p role="alert">Your outlets could not be loaded. Please try again.</p>;
  const { results, total } = summary.data;
  return (
    <section aria-labelledby="field-outlets">
      <h2 id="field-outlets" className="ekyc-subtitle">
        Your outlets: {total}
      </h2>
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
