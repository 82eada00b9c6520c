/**
 * Location checks (/dashboard/reverse-geo-coding; docs/verification.md): a sub-project's outlets
 * whose survey location falls outside the state entered in their address (or, as chosen, at
 * another PIN code, or every located outlet), with the place found offline beside what was entered.
 * The sub-project, the choice and the page live in the address.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import type { SubProjectId } from "../../domain/api/ids";
import { decodeRowId } from "../../domain/shared/requestInput";
import {
  LOCATION_SHOW_LABELS,
  LOCATION_SHOWS,
  LOCATION_VERDICT_LABELS,
  type LocationCheck,
  type LocationChecks,
} from "../../domain/verification/locationChecks";
import { locationChecksQuery } from "../../infra/api/locationChecks";
import { DEFAULT_PAGE_SIZE, oneOf, useAddressQuery } from "../reports/address";
import { FilterSelect, Pager } from "../reports/parts";
import { Loaded } from "../shell/Loaded";
import "../reports/reports.css";
import VerifierOnly from "./VerifierOnly";
import "./verificationLists.css";

const coordinates = (c: LocationCheck) =>
  c.latitude === null || c.longitude === null ? "—" : `${c.latitude.toFixed(4)}, ${c.longitude.toFixed(4)}`;

function Checks({ data }: { data: LocationChecks }) {
  const address = useAddressQuery();
  const show = oneOf(LOCATION_SHOWS, address.get("show")) ?? "state";
  return (
    <>
      <div className="report-filters">
        <FilterSelect
          label="Sub-project"
          value={String(data.sub_project?.id ?? "")}
          onChange={(v) => address.set({ sub_project: v })}
          options={data.sub_projects.map((s) => ({
            value: String(s.id),
            label: `${s.organisation} · ${s.name}`,
          }))}
        />
        <FilterSelect
          label="Show"
          value={show}
          onChange={(v) => address.set({ show: v === "state" ? undefined : v })}
          options={LOCATION_SHOWS.map((s) => ({ value: s, label: LOCATION_SHOW_LABELS[s] }))}
        />
      </div>
      <ul className="check-summary" aria-label="Outlets by verdict">
        {data.summary.map((s) => (
          <li key={s.verdict} className={`check-verdict check-${s.verdict}`}>
            {LOCATION_VERDICT_LABELS[s.verdict]}: <strong>{s.count}</strong>
          </li>
        ))}
      </ul>
      {data.results.length === 0 ? (
        <p className="notice">
          {show === "state"
            ? "Every located outlet of this sub-project is in its entered state."
            : "No outlet to show."}
        </p>
      ) : (
        <div className="report-table">
          <table aria-label="Location checks">
            <thead>
              <tr>
                <th scope="col">RSID</th>
                <th scope="col">Outlet</th>
                <th scope="col">Entered address</th>
                <th scope="col">Survey location</th>
                <th scope="col">Falls in</th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <Link href={`/dashboard/list-of-outlets/view/${encodeURIComponent(c.rsid)}`}>
                      {c.rsid}
                    </Link>
                  </th>
                  <td>{c.name}</td>
                  <td>
                    {c.entered.address}
                    <br />
                    {c.entered.city}, {c.entered.state} {c.entered.pin}
                  </td>
                  <td>{coordinates(c)}</td>
                  <td>
                    {c.found ? (
                      <>
                        {c.found.place}, {c.found.district}
                        <br />
                        {c.found.state} {c.found.pin}{" "}
                        <span className="report-muted">({c.found.km} km from the PIN code's point)</span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>
                    <span className={`check-verdict check-${c.verdict}`}>
                      {LOCATION_VERDICT_LABELS[c.verdict]}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        page={address.page}
        count={data.count}
        pageSize={DEFAULT_PAGE_SIZE}
        hrefOf={(p) => address.hrefWith({ page: String(p) })}
        label="Location check pages"
      />
    </>
  );
}

const TITLE = "Reverse geo-coding";

export default function LocationChecksScreen() {
  return (
    <VerifierOnly title={TITLE}>
      <LocationChecksPage />
    </VerifierOnly>
  );
}

function LocationChecksPage() {
  const address = useAddressQuery();
  const subProject = decodeRowId(address.get("sub_project") ?? "");
  const show = oneOf(LOCATION_SHOWS, address.get("show"));
  const checks = useQuery({
    ...locationChecksQuery(
      {
        ...(subProject === null ? {} : { sub_project: subProject as SubProjectId }),
        ...(show ? { show } : {}),
      },
      { page: address.page, pageSize: DEFAULT_PAGE_SIZE },
    ),
    placeholderData: (previous) => previous,
  });
  return (
    <div className="page">
      <h1>{TITLE}</h1>
      <p className="report-muted">
        Where each outlet's survey was located, placed by PIN code offline, against the address entered.
      </p>
      <Loaded query={checks} what="The location checks">
        {(data) => <Checks data={data} />}
      </Loaded>
    </div>
  );
}
