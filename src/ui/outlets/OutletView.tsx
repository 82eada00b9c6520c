/**
 * An outlet opened from a list. The outlet review screen (spec 001) is built later; until then this
 * shows the outlet's header facts (001 §2.4) as the server has them.
 */
import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { stateLabel } from "../../domain/outletStates";
import { outletDetailQuery } from "../../infra/api/outlets";
import Loading from "../shell/Loading";
import { Badge } from "../widgets/Controls";
import { displayDate } from "./dates";
import "./outlets.css";

const NA = "N/A";

export default function OutletView() {
  const { outlet = "" } = useParams<{ outlet?: string }>();
  const detail = useQuery(outletDetailQuery(decodeURIComponent(outlet)));
  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    return (
      <div className="page">
        <h1>Outlet</h1>
        <p role="alert" className="notice">
          This outlet could not be found, or it is not one you can see.
        </p>
      </div>
    );
  }
  const o = detail.data;
  const facts: [string, string][] = [
    ["RSID", o.rsid],
    ["Outlet id", String(o.id)],
    ["Owner", o.owner_name],
    ["Address", `${o.address}, ${o.pin}`],
    ["City", o.city],
    ["State", o.state],
    ["Region", o.region],
    ["Zone", o.zone],
    ["Territory", o.territory],
    ["Phone number", o.phone],
    ["GST number", o.gst],
    ["Project", o.project.name],
    ["Sub-project", o.sub_project.name],
    ["Program", o.program ?? NA],
    ["Field auditor", o.auditor ?? NA],
    ["Interim status", o.interim_status ?? NA],
    ["Created", displayDate(o.created)],
    ["Last changed", displayDate(o.modified)],
  ];
  return (
    <div className="page">
      <h1>{o.name}</h1>
      <p>
        <Badge>{stateLabel(o.workflow_state)}</Badge>
      </p>
      <section className="card" aria-labelledby="outlet-facts">
        <h2 id="outlet-facts">Outlet details</h2>
        <dl className="outlet-facts">
          {facts.map(([label, value]) => (
            <div key={label} style={{ display: "contents" }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
