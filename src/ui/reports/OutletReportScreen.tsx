/**
 * One outlet's report (000 §2.1 retail-audit-report/view/{outlet}, client-reports/{outletID}/
 * {outletSlug} and the client portal's reports/{outletId}; docs/reports.md): who and where the
 * outlet is, its score with each parameter group, how much of each question group is answered, and
 * its survey images. An outlet the caller may not see is Page not found; so is an address whose
 * RSID or project does not match the outlet.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { OutletId } from "../../domain/api/ids";
import { CYCLE_TYPE, stateLabel } from "../../domain/outlets/outletStates";
import {
  clientReportImagesPath,
  type OutletReport,
  portalReportImagesPath,
  retailAuditPath,
} from "../../domain/reports/reports";
import { decodeRowId } from "../../domain/shared/requestInput";
import { outletReportQuery } from "../../infra/api/reports";
import NotFound from "../errors/NotFound";
import { outOf, ScoreBar, ScoreGroup } from "../outlets/ScoreGroups";
import { Loaded } from "../shell/Loaded";
import BarChart from "./BarChart";
import "../outlets/outlets.css";
import "./reports.css";

function ScoreSection({ report }: { report: OutletReport }) {
  if (report.failure !== null)
    return (
      <p role="alert" className="notice">
        The score could not be worked out: {report.failure}
      </p>
    );
  const s = report.score;
  if (s === null) return <p className="report-muted">This outlet's sub-project has no scoring.</p>;
  return (
    <>
      <div className="score-total">
        <span>Total score</span>
        <strong>
          {outOf(s.score, s.max_score)}
          {s.percent === null ? "" : ` (${s.percent}%)`}
        </strong>
      </div>
      <ScoreBar score={s.score} max={s.max_score} label="Total score" />
      {s.groups.map((g) => (
        <ScoreGroup key={g.id} group={g} />
      ))}
    </>
  );
}

function Report({ report, imagesPath }: { report: OutletReport; imagesPath: (outletId: number) => string }) {
  const { outlet } = report;
  return (
    <div className="page">
      <h1>
        {outlet.name} ({outlet.rsid})
      </h1>
      <dl className="report-summary">
        <div>
          <dt>Cycle</dt>
          <dd>
            {outlet.sub_project.type === CYCLE_TYPE.retail_audit ? (
              <Link href={retailAuditPath(outlet.sub_project.slug)}>{outlet.sub_project.name}</Link>
            ) : (
              outlet.sub_project.name
            )}
          </dd>
        </div>
        <div>
          <dt>Project</dt>
          <dd>{outlet.project.name}</dd>
        </div>
        <div>
          <dt>City</dt>
          <dd>{outlet.city}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{stateLabel(outlet.workflow_state)}</dd>
        </div>
      </dl>
      <section className="card" aria-labelledby="report-score">
        <h2 id="report-score">Score</h2>
        <ScoreSection report={report} />
      </section>
      <section className="card" aria-labelledby="report-answers">
        <h2 id="report-answers">Answers</h2>
        <BarChart
          title="Questions answered by group"
          valueHeader="Answered"
          empty="No question is asked of this outlet."
          bars={report.answers.map((a) => ({
            key: a.group,
            label: a.group,
            value: a.answered,
            target: a.asked,
            text: `${a.answered} of ${a.asked}`,
          }))}
        />
      </section>
      <section className="card" aria-labelledby="report-images">
        <h2 id="report-images">Images ({report.images.length})</h2>
        {report.images.length === 0 ? (
          <p className="report-muted">No survey image has been added for this outlet yet.</p>
        ) : (
          <ul className="report-images">
            {report.images.map((i) => (
              <li key={i.id}>
                <figure>
                  <a href={i.image} target="_blank" rel="noreferrer">
                    <img src={i.image} alt={`${i.question} at ${outlet.name}`} loading="lazy" />
                  </a>
                  <figcaption>{i.question}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link href={imagesPath(outlet.id)}>Every image of this outlet</Link>
        </p>
      </section>
    </div>
  );
}

/** Reads the report and shows it when `fits` accepts it (the address's RSID or project). */
function OutletReportOf({
  id,
  fits,
  imagesPath = clientReportImagesPath,
}: {
  id: string;
  fits: (r: OutletReport) => boolean;
  imagesPath?: (outletId: number) => string;
}) {
  const row = decodeRowId(id);
  const outletId = row === null ? null : OutletId.make(row);
  const report = useQuery({ ...outletReportQuery(outletId ?? OutletId.make(1)), enabled: outletId !== null });
  if (outletId === null) return <NotFound />;
  return (
    <Loaded query={report} what="The outlet's report" notFound>
      {(data) => (fits(data) ? <Report report={data} imagesPath={imagesPath} /> : <NotFound />)}
    </Loaded>
  );
}

/** /dashboard/retail-audit-report/view/{outlet}: the outlet's id. */
export default function OutletReportScreen() {
  const { outlet = "" } = useParams<{ outlet?: string }>();
  return <OutletReportOf id={outlet} fits={() => true} />;
}

/** /dashboard/client-reports/{outletID}/{outletSlug}: the id and the outlet's RSID. */
export function ClientReportScreen() {
  const { outletID = "", outletSlug = "" } = useParams<{ outletID?: string; outletSlug?: string }>();
  const rsid = decodeURIComponent(outletSlug);
  return <OutletReportOf id={outletID} fits={(r) => r.outlet.rsid.toLowerCase() === rsid.toLowerCase()} />;
}

/** The client portal's reports/{outletId}: an outlet of the portal's project. */
export function ClientPortalOutletReportScreen() {
  const { projectSlug = "", outletId = "" } = useParams<{ projectSlug?: string; outletId?: string }>();
  return (
    <OutletReportOf
      id={outletId}
      fits={(r) => r.outlet.project.slug === projectSlug}
      imagesPath={(outlet) => portalReportImagesPath(projectSlug, outlet)}
    />
  );
}
