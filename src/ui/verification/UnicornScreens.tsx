/**
 * Image matching ("unicorns"; docs/verification.md): start a scan of a sub-project's shop photos and
 * follow it (/dashboard/unicorn-image-matching), the pairs found alike by status
 * (/dashboard/list-of-unicorns), and one pair side by side to mark duplicate or not
 * (/dashboard/list-of-unicorns/view/{id}). Filters and pages live in the address.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "wouter";
import type { SubProjectId } from "../../domain/api/ids";
import { stateLabel } from "../../domain/outlets/outletStates";
import { decodeRowId } from "../../domain/shared/requestInput";
import {
  MAX_MATCH_DISTANCE,
  PAIR_DECISIONS,
  PAIR_STATUS_LABELS,
  PAIR_STATUSES,
  type PairDecision,
  UNICORN_LIST_PATH,
  UNICORN_MATCHING_PATH,
  UNICORN_MSG,
  type UnicornPair,
  unicornPath,
} from "../../domain/verification/unicorns";
import {
  decideUnicornPair,
  startUnicornScan,
  unicornKeys,
  unicornPairQuery,
  unicornPairsQuery,
  unicornScansQuery,
} from "../../infra/api/unicorns";
import { runApi } from "../../infra/http";
import NotFound from "../errors/NotFound";
import { useNotify } from "../notifications/useNotify";
import { DEFAULT_PAGE_SIZE, oneOf, useAddressQuery } from "../reports/address";
import { FilterSelect, Pager } from "../reports/parts";
import { isNotFound, Loaded, LoadFailed } from "../shell/Loaded";
import Loading from "../shell/Loading";
import VerifierOnly from "./VerifierOnly";
import "../reports/reports.css";
import "./verificationLists.css";

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace("T", " ") : "—");
const DECISION_LABELS: Readonly<Record<PairDecision, string>> = {
  duplicate: "Duplicate",
  not_duplicate: "Not duplicate",
};

function Matching() {
  const scans = useQuery(unicornScansQuery());
  const queries = useQueryClient();
  const notify = useNotify();
  const [chosen, setChosen] = useState<string>("");
  const start = useMutation({
    mutationFn: (subProject: SubProjectId) => runApi(startUnicornScan(subProject)),
    onSuccess: () => notify("success", UNICORN_MSG.scanQueued),
    onSettled: () => queries.invalidateQueries({ queryKey: unicornKeys.all }),
  });
  if (scans.isPending) return <Loading />;
  if (scans.isError) return <LoadFailed what="The scans" retry={() => void scans.refetch()} />;
  const subProjects = scans.data.sub_projects;
  const value = chosen || String(subProjects[0]?.id ?? "");
  return (
    <>
      <p className="report-muted">
        A scan compares the shop photos of a sub-project's outlets by their perceptual hash and lists the
        pairs within {MAX_MATCH_DISTANCE} of 64 bits as suspected duplicates.{" "}
        <Link href={UNICORN_LIST_PATH}>Suspected duplicates</Link>
      </p>
      <div className="report-filters">
        <FilterSelect
          label="Sub-project"
          value={value}
          onChange={setChosen}
          options={subProjects.map((s) => ({
            value: String(s.id),
            label: `${s.organisation} · ${s.name} (${s.images} photos)`,
          }))}
        />
        <button
          type="button"
          className="button"
          disabled={start.isPending || value === ""}
          onClick={() => start.mutate(Number(value) as SubProjectId)}
        >
          Scan for matching photos
        </button>
      </div>
      <h2>Latest scans</h2>
      {scans.data.results.length === 0 ? (
        <p className="notice">No scan yet.</p>
      ) : (
        <div className="report-table">
          <table aria-label="Scans">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Sub-project</th>
                <th scope="col">By</th>
                <th scope="col">Status</th>
                <th scope="col" className="number">
                  Photos
                </th>
                <th scope="col" className="number">
                  New pairs
                </th>
              </tr>
            </thead>
            <tbody>
              {scans.data.results.map((s) => (
                <tr key={s.id}>
                  <td>{when(s.created)}</td>
                  <th scope="row">{s.sub_project}</th>
                  <td>{s.requested_by ?? "—"}</td>
                  <td>
                    {s.status === "queued" ? "Scanning" : s.status === "completed" ? "Completed" : "Failed"}
                    {s.message ? <span className="report-muted"> · {s.message}</span> : null}
                  </td>
                  <td className="number">
                    {s.images}
                    {s.undecodable > 0 ? ` (${s.undecodable} unreadable)` : ""}
                  </td>
                  <td className="number">{s.pairs_found}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export default function UnicornMatchingScreen() {
  return (
    <VerifierOnly title="Unicorn image matching">
      <div className="page">
        <h1>Unicorn image matching</h1>
        <Matching />
      </div>
    </VerifierOnly>
  );
}

function PairsList() {
  const address = useAddressQuery();
  const status = oneOf(PAIR_STATUSES, address.get("status")) ?? "suspected";
  const pairs = useQuery({
    ...unicornPairsQuery(status === "suspected" ? {} : { status }, {
      page: address.page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    placeholderData: (previous) => previous,
  });
  return (
    <>
      <p className="report-muted">
        The same shop photo submitted for two outlets, as scans found them.{" "}
        <Link href={UNICORN_MATCHING_PATH}>Scan a sub-project</Link>
      </p>
      <nav className="unicorn-statuses" aria-label="Pair status">
        {PAIR_STATUSES.map((st) => (
          <Link
            key={st}
            href={address.hrefWith({ status: st === "suspected" ? undefined : st })}
            aria-current={st === status ? "page" : undefined}
          >
            {PAIR_STATUS_LABELS[st]}
          </Link>
        ))}
      </nav>
      <Loaded query={pairs} what="The pairs">
        {(data) =>
          data.results.length === 0 ? (
            <p className="notice">
              No pair{" "}
              {status === "suspected" ? "to review" : `marked ${PAIR_STATUS_LABELS[status].toLowerCase()}`}.
            </p>
          ) : (
            <>
              <div className="report-table">
                <table aria-label="Suspected duplicates">
                  <thead>
                    <tr>
                      <th scope="col">Outlets</th>
                      <th scope="col">Sub-project</th>
                      <th scope="col" className="number">
                        Bits apart
                      </th>
                      <th scope="col">Status</th>
                      <th scope="col">Found</th>
                      <th scope="col">Compare</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.results.map((p) => (
                      <tr key={p.id}>
                        <th scope="row">
                          {p.a.rsid} <span className="report-muted">{p.a.name}</span>
                          <br />
                          {p.b.rsid} <span className="report-muted">{p.b.name}</span>
                        </th>
                        <td>{p.sub_project}</td>
                        <td className="number">{p.distance}</td>
                        <td>
                          <span className={`check-verdict check-${p.status}`}>
                            {PAIR_STATUS_LABELS[p.status]}
                          </span>
                        </td>
                        <td>{when(p.created)}</td>
                        <td>
                          <Link href={unicornPath(p.id)} aria-label={`Compare ${p.a.rsid} and ${p.b.rsid}`}>
                            Compare
                          </Link>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                page={address.page}
                count={data.count}
                pageSize={DEFAULT_PAGE_SIZE}
                hrefOf={(n) => address.hrefWith({ page: String(n) })}
                label="Pair pages"
              />
            </>
          )
        }
      </Loaded>
    </>
  );
}

export function UnicornListScreen() {
  return (
    <VerifierOnly title="Unicorns">
      <div className="page">
        <h1>Suspected duplicate photos</h1>
        <PairsList />
      </div>
    </VerifierOnly>
  );
}

function Side({ side, label }: { side: UnicornPair["a"]; label: string }) {
  return (
    <figure className="unicorn-side">
      <img src={side.url} alt={`Shop front of ${side.rsid}`} />
      <figcaption>
        <strong>{label}</strong>{" "}
        <Link href={`/dashboard/list-of-outlets/view/${encodeURIComponent(side.rsid)}`}>{side.rsid}</Link>
        <br />
        {side.name} · {side.owner}
        <br />
        {side.address}, {side.city}
        <br />
        <span className="report-muted">{stateLabel(side.workflow_state)}</span>
      </figcaption>
    </figure>
  );
}

function PairView({ id }: { id: number }) {
  const pair = useQuery(unicornPairQuery(id));
  const queries = useQueryClient();
  const notify = useNotify();
  const decide = useMutation({
    mutationFn: ({ status, version }: { status: PairDecision; version: number }) =>
      runApi(decideUnicornPair(id, status, version)),
    onSuccess: (answer) => notify("success", UNICORN_MSG.marked(answer.status as PairDecision)),
    // A 409's detail is shown by the HTTP layer; the pair is read again either way.
    onSettled: () => queries.invalidateQueries({ queryKey: unicornKeys.all }),
  });
  if (pair.isError && isNotFound(pair.error)) return <NotFound />;
  if (pair.isPending) return <Loading />;
  if (pair.isError) return <LoadFailed what="The pair" retry={() => void pair.refetch()} />;
  const p = pair.data;
  return (
    <div className="page">
      <h1>
        {p.a.rsid} and {p.b.rsid}
      </h1>
      <p className="report-muted">
        {p.sub_project} · {p.distance} of 64 bits apart ·{" "}
        <Link href={UNICORN_LIST_PATH}>Suspected duplicates</Link>
      </p>
      <div className="unicorn-compare">
        <Side side={p.a} label="First" />
        <Side side={p.b} label="Second" />
      </div>
      <p>
        Status: <span className={`check-verdict check-${p.status}`}>{PAIR_STATUS_LABELS[p.status]}</span>
        {p.decided_by ? (
          <span className="report-muted">
            {" "}
            · marked by {p.decided_by}, {when(p.decided_at)}
          </span>
        ) : null}
      </p>
      <div className="unicorn-actions">
        {PAIR_DECISIONS.map((d) => (
          <button
            key={d}
            type="button"
            className="button"
            disabled={decide.isPending || p.status === d}
            onClick={() => decide.mutate({ status: d, version: p.version })}
          >
            {DECISION_LABELS[d]}
          </button>
        ))}
      </div>
    </div>
  );
}

export function UnicornViewScreen() {
  const { slug = "" } = useParams<{ slug: string }>();
  const id = decodeRowId(slug);
  return <VerifierOnly title="Unicorn">{id === null ? <NotFound /> : <PairView id={id} />}</VerifierOnly>;
}
