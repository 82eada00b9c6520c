/**
 * Gamification (docs/gamification.md): the dashboard's leaderboard and programmes, a programme's
 * ranking, its scoring events, and an auditor's report. The period lives in the address
 * (?period=YYYY-MM, all time without it); the points come from the server, worked out by the
 * domain's rule, and the table of points shown here is the same rule's.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import {
  ALL_TIME,
  type AuditorRow,
  auditorReportPath,
  EVENT_LABELS,
  GAMIFICATION_DASHBOARD,
  isPeriod,
  POINTS,
  periodLabel,
  programLedgerPath,
  programListPath,
  SCORED_EVENTS,
  type ScoredLog,
} from "../../domain/gamification/gamification";
import {
  auditorReportQuery,
  gamificationDashboardQuery,
  programLedgerQuery,
  programRankingQuery,
} from "../../infra/api/gamification";
import { DEFAULT_PAGE_SIZE, useAddressQuery } from "../reports/address";
import { FilterSelect, Pager } from "../reports/parts";
import { Loaded } from "../shell/Loaded";
import "../reports/reports.css";
import "./gamification.css";

/** The period the address names; all time for none or anything else. */
function usePeriod() {
  const address = useAddressQuery();
  const given = address.get("period");
  const period = given !== undefined && isPeriod(given) ? given : ALL_TIME;
  return { period, address, choose: (p: string) => address.set({ period: p === ALL_TIME ? undefined : p }) };
}

function PeriodChoice({ periods }: { periods: readonly string[] }) {
  const { period, choose } = usePeriod();
  const options = [ALL_TIME, ...periods.filter((p) => p !== ALL_TIME)];
  if (!options.includes(period)) options.push(period);
  return (
    <div className="report-filters">
      <FilterSelect
        label="Period"
        value={period}
        onChange={choose}
        options={options.map((p) => ({ value: p, label: periodLabel(p) }))}
      />
    </div>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** How points are earned: the domain's table, as the server applies it. */
function PointsRule() {
  return (
    <details className="gamification-rule">
      <summary>How points are earned</summary>
      <ul>
        {SCORED_EVENTS.map((e) => (
          <li key={e}>
            {EVENT_LABELS[e]}: {signed(POINTS[e])}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Leaderboard({
  rows,
  period,
  label,
}: {
  rows: readonly AuditorRow[];
  period: string;
  label: string;
}) {
  if (rows.length === 0) return <p className="notice">No auditor has scored in this period.</p>;
  return (
    <div className="report-table">
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col" className="number">
              Rank
            </th>
            <th scope="col">Auditor</th>
            <th scope="col" className="number">
              Accepted
            </th>
            <th scope="col" className="number">
              Rejected by QC
            </th>
            <th scope="col" className="number">
              Rejected later
            </th>
            <th scope="col" className="number">
              Recovered
            </th>
            <th scope="col" className="number">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="number">{r.rank}</td>
              <th scope="row">
                <Link href={auditorReportPath(r.slug, period)}>{r.name}</Link>
              </th>
              <td className="number">{r.counts.accepted}</td>
              <td className="number">{r.counts.qc_rejected}</td>
              <td className="number">{r.counts.rejected_later}</td>
              <td className="number">{r.counts.recovered}</td>
              <td className="number">
                <strong>{r.points}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function GamificationDashboardScreen() {
  const { period } = usePeriod();
  const board = useQuery({ ...gamificationDashboardQuery(period), placeholderData: (previous) => previous });
  return (
    <div className="page">
      <h1>Field auditor leaderboard</h1>
      <p className="report-muted">Points from the surveys QC accepted, the rejections and the recoveries.</p>
      <Loaded query={board} what="The leaderboard">
        {(data) => (
          <>
            <PeriodChoice periods={data.periods} />
            <PointsRule />
            <h2>Leaderboard · {periodLabel(period)}</h2>
            <Leaderboard rows={data.leaderboard} period={period} label="Leaderboard" />
            <h2>Programmes</h2>
            <div className="report-table">
              <table aria-label="Programmes">
                <thead>
                  <tr>
                    <th scope="col">Programme</th>
                    <th scope="col">Sub-project</th>
                    <th scope="col">Organisation</th>
                    <th scope="col" className="number">
                      Auditors
                    </th>
                    <th scope="col" className="number">
                      Points
                    </th>
                    <th scope="col">Leader</th>
                    <th scope="col">Events</th>
                  </tr>
                </thead>
                <tbody>
                  {data.programs.map((p) => (
                    <tr key={p.id}>
                      <th scope="row">
                        <Link
                          href={programListPath(p.slug, period)}
                          aria-label={`${p.name}, ${p.sub_project}`}
                        >
                          {p.name}
                        </Link>
                      </th>
                      <td>{p.sub_project}</td>
                      <td>{p.organisation}</td>
                      <td className="number">{p.auditors}</td>
                      <td className="number">{p.points}</td>
                      <td>{p.leader ?? "—"}</td>
                      <td>
                        <Link
                          href={programLedgerPath(p.slug, period)}
                          aria-label={`Events of ${p.name}, ${p.sub_project}`}
                        >
                          Events
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Loaded>
    </div>
  );
}

function BackToDashboard({ period }: { period: string }) {
  return (
    <Link href={period === ALL_TIME ? GAMIFICATION_DASHBOARD : `${GAMIFICATION_DASHBOARD}?period=${period}`}>
      Leaderboard
    </Link>
  );
}

export function ProgramListScreen() {
  const { slug = "" } = useParams<{ slug: string }>();
  const { period } = usePeriod();
  const ranking = useQuery({ ...programRankingQuery(slug, period), placeholderData: (previous) => previous });
  return (
    <div className="page">
      <Loaded query={ranking} what="The programme" notFound>
        {(data) => (
          <>
            <h1>{data.program.name}</h1>
            <p className="report-muted">
              {data.program.sub_project} · {data.program.project} · <BackToDashboard period={period} /> ·{" "}
              <Link href={programLedgerPath(slug, period)}>Every event</Link>
            </p>
            <PeriodChoice periods={[]} />
            <h2>Ranking · {periodLabel(period)}</h2>
            <Leaderboard rows={data.results} period={period} label="Programme ranking" />
          </>
        )}
      </Loaded>
    </div>
  );
}

function EventsTable({
  rows,
  label,
  showAuditor,
}: {
  rows: readonly ScoredLog[];
  label: string;
  showAuditor: boolean;
}) {
  const { period } = usePeriod();
  return (
    <div className="report-table">
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Outlet</th>
            {showAuditor && <th scope="col">Auditor</th>}
            <th scope="col">Programme</th>
            <th scope="col">Event</th>
            <th scope="col" className="number">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id}>
              <td>{e.created.slice(0, 10)}</td>
              <th scope="row">
                {e.rsid} <span className="report-muted">{e.outlet}</span>
              </th>
              {showAuditor && (
                <td>
                  <Link href={auditorReportPath(e.auditor_slug, period)}>{e.auditor}</Link>
                </td>
              )}
              <td>{e.program}</td>
              <td>{EVENT_LABELS[e.event]}</td>
              <td className="number">{signed(e.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ProgramLedgerScreen() {
  const { slug = "" } = useParams<{ slug: string }>();
  const { period, address } = usePeriod();
  const ledger = useQuery({
    ...programLedgerQuery(slug, period, { page: address.page, pageSize: DEFAULT_PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });
  return (
    <div className="page">
      <Loaded query={ledger} what="The events" notFound>
        {(data) => (
          <>
            <h1>{data.program.name}: every event</h1>
            <p className="report-muted">
              {data.program.sub_project} · {data.count} events, {data.program.points} points ·{" "}
              <Link href={programListPath(slug, period)}>Ranking</Link> · <BackToDashboard period={period} />
            </p>
            <PeriodChoice periods={[]} />
            {data.results.length === 0 ? (
              <p className="notice">No scoring event in this period.</p>
            ) : (
              <EventsTable rows={data.results} label="Scoring events" showAuditor />
            )}
            <Pager
              page={address.page}
              count={data.count}
              pageSize={DEFAULT_PAGE_SIZE}
              hrefOf={(p) => address.hrefWith({ page: String(p) })}
              label="Event pages"
            />
          </>
        )}
      </Loaded>
    </div>
  );
}

export function AuditorReportScreen() {
  const { slug = "" } = useParams<{ slug: string }>();
  const { period } = usePeriod();
  const report = useQuery({ ...auditorReportQuery(slug, period), placeholderData: (previous) => previous });
  return (
    <div className="page">
      <Loaded query={report} what="The report" notFound>
        {(data) => (
          <>
            <h1>{data.auditor.name}</h1>
            <p className="report-muted">
              Mobile {data.auditor.mobile} · <BackToDashboard period={period} />
            </p>
            <PeriodChoice periods={[]} />
            <dl className="gamification-figures">
              <div>
                <dt>Points</dt>
                <dd>{data.auditor.points}</dd>
              </div>
              <div>
                <dt>Rank</dt>
                <dd>{data.auditor.rank > data.of ? "Not ranked" : `${data.auditor.rank} of ${data.of}`}</dd>
              </div>
              {SCORED_EVENTS.map((e) => (
                <div key={e}>
                  <dt>{EVENT_LABELS[e]}</dt>
                  <dd>{data.auditor.counts[e]}</dd>
                </div>
              ))}
            </dl>
            <h2>By programme · {periodLabel(period)}</h2>
            {data.programs.length === 0 ? (
              <p className="notice">No scoring event in this period.</p>
            ) : (
              <div className="report-table">
                <table aria-label="Points by programme">
                  <thead>
                    <tr>
                      <th scope="col">Programme</th>
                      <th scope="col">Sub-project</th>
                      <th scope="col" className="number">
                        Accepted
                      </th>
                      <th scope="col" className="number">
                        Points
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.programs.map((p) => (
                      <tr key={p.slug}>
                        <th scope="row">
                          <Link href={programListPath(p.slug, period)}>{p.name}</Link>
                        </th>
                        <td>{p.sub_project}</td>
                        <td className="number">{p.counts.accepted}</td>
                        <td className="number">{p.points}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {data.recent.length > 0 && (
              <>
                <h2>Latest events</h2>
                <EventsTable rows={data.recent} label="Latest events" showAuditor={false} />
              </>
            )}
          </>
        )}
      </Loaded>
    </div>
  );
}
