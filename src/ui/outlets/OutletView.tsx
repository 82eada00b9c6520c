/**
 * An outlet opened from a list. The outlet review screen (spec 001) is built later; until then this
 * shows the outlet's header facts (001 §2.4) as the server has them, and the way back to its list
 * as the list was last left in this tab (filters, page and order kept).
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useParams } from "wouter";
import { outletListPath } from "../../domain/outletListing";
import { stateLabel } from "../../domain/outletStates";
import { outletDetailQuery } from "../../infra/api/outlets";
import { errorStatus, isApiError } from "../../infra/http";
import { rememberedList } from "../../infra/listMemory";
import NotFound from "../errors/NotFound";
import Loading from "../shell/Loading";
import { Badge } from "../widgets/Controls";
import { displayDate } from "./dates";
import "./outlets.css";

const NA = "N/A";

export default function OutletView() {
  const { outlet = "" } = useParams<{ outlet?: string }>();
  const [path] = useLocation();
  const detail = useQuery(outletDetailQuery(decodeURIComponent(outlet)));
  if (detail.isPending) return <Loading />;
  if (detail.isError && isApiError(detail.error) && errorStatus(detail.error) === 404) return <NotFound />;
  if (detail.isError) {
    return (
      <div className="page">
        <h1>Outlet</h1>
        <p role="alert" className="notice">
          The outlet could not be loaded.
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
  const list = outletListPath(path);
  return (
    <div className="page">
      <p className="outlet-back">
        <Link href={`${list}${rememberedList(list).search}`}>← Back to the list</Link>
      </p>
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
