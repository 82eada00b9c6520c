/**
 * The signed-in retailer's own area (spec 000 route catalogue; content not shown, designed in
 * docs/retailer-portal.md): their outlets, and for each the information on record with every edit
 * request's decision, and the ways to its earnings, invoices and target statements.
 */
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { formatMobileDate, MOBILE_MSG, orNotAvailable, retailerPagePath } from "../../domain/mobile/mobile";
import { pdfViewPath } from "../../domain/mobile/retailerDocuments";
import { fieldLabel, QC_REJECTION_STATUS, type RequestType } from "../../domain/outlets/retailerRequests";
import {
  invoicesQuery,
  retailerOutletQuery,
  retailerOutletsQuery,
  statementsQuery,
} from "../../infra/api/mobile";
import { readStored, STORAGE_KEYS } from "../../infra/storage";
import { queryClient } from "../queryClient";
import { Spinner } from "../widgets/Controls";
import { MobileFrame } from "./MobilePages";
import "./mobile.css";

function OutletsList() {
  const outlets = useQuery(retailerOutletsQuery());
  const userName = readStored(STORAGE_KEYS.userName);
  return (
    <MobileFrame title="My outlets">
      <nav className="mobile-account-links" aria-label="My account">
        <Link href="/retailers/notifications" className="button button-secondary">
          Notifications
        </Link>
        <Link href="/retailers/offers" className="button button-secondary">
          Offers
        </Link>
        {userName ? (
          <Link
            href={`/retailers/profile/${encodeURIComponent(userName)}`}
            className="button button-secondary"
          >
            My profile
          </Link>
        ) : null}
      </nav>
      {outlets.isPending ? <Spinner /> : null}
      {outlets.isError ? (
        <p className="mobile-empty" role="alert">
          Your outlets could not be loaded.
        </p>
      ) : null}
      <ul className="mobile-cards">
        {outlets.data?.results.map((o) => (
          <li key={o.rsid} className="mobile-card">
            <Link href={retailerPagePath("home", o.rsid)} className="mobile-report">
              {o.name}
            </Link>
            <dl>
              <dt>RSID</dt>
              <dd>{o.rsid}</dd>
              <dt>Program</dt>
              <dd>{o.program_name}</dd>
              <dt>Address</dt>
              <dd>
                {o.address}, {o.city} {o.pin}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </MobileFrame>
  );
}

/** The outlet's newest invoice and target statement, each opened in the dashboard's PDF view. */
function LatestDocuments({ rsid }: { rsid: string }) {
  const source = { kind: "retailer", rsid } as const;
  const invoice = useQuery(invoicesQuery(source)).data?.results[0];
  const statement = useQuery(statementsQuery(source)).data?.results.find((s) => s.url);
  if (!invoice && !statement) return null;
  return (
    <section className="mobile-card" aria-labelledby="latest-documents">
      <h2 id="latest-documents" className="mobile-report">
        Latest documents
      </h2>
      <ul className="mobile-documents">
        {invoice ? (
          <li>
            <span>Invoice {invoice.invoice_no}</span>
            <Link
              href={pdfViewPath("dashboard", rsid, { kind: "invoice", id: invoice.id })}
              className="button button-secondary"
              aria-label={`View invoice ${invoice.invoice_no}`}
            >
              View
            </Link>
          </li>
        ) : null}
        {statement ? (
          <li>
            <span>{statement.report_name}</span>
            <Link
              href={pdfViewPath("dashboard", rsid, { kind: "statement", id: statement.id })}
              className="button button-secondary"
              aria-label={`View ${statement.report_name}`}
            >
              View
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

const DECISION_WORDS: Record<string, string> = {
  pending: "Pending: Retail Scan is checking it",
  accepted: "Accepted",
  rejected: "Rejected",
};

function OutletInformation() {
  const rsid = new URLSearchParams(useSearch()).get("rsid") ?? "";
  const outlet = useQuery(retailerOutletQuery(rsid));
  const o = outlet.data;
  return (
    <MobileFrame title={o?.name ?? "Outlet information"} back="/retailers/outlets-list">
      {outlet.isPending ? <Spinner /> : null}
      {outlet.isError ? (
        <p className="mobile-empty" role="alert">
          This outlet could not be loaded.
        </p>
      ) : null}
      {o ? (
        <>
          <nav className="mobile-tiles" aria-label="Pages">
            <Link href={retailerPagePath("earnings", o.rsid)} className="mobile-tile">
              Earnings
            </Link>
            <Link href={retailerPagePath("invoices", o.rsid)} className="mobile-tile">
              Invoices
            </Link>
            <Link href={retailerPagePath("target-vs-achievement", o.rsid)} className="mobile-tile">
              Target vs Ach
            </Link>
            <Link href={`/retailers/form16?rsid=${encodeURIComponent(o.rsid)}`} className="mobile-tile">
              Form 16
            </Link>
          </nav>
          <LatestDocuments rsid={o.rsid} />
          <section className="mobile-card" aria-labelledby="store-details">
            <h2 id="store-details" className="mobile-report">
              Store details
            </h2>
            <dl>
              <dt>RSID</dt>
              <dd>{o.rsid}</dd>
              <dt>Owner</dt>
              <dd>{o.owner_name}</dd>
              <dt>Address</dt>
              <dd>
                {o.address}, {o.city}, {o.state} {o.pin}
              </dd>
              <dt>Phone</dt>
              <dd>{o.phone}</dd>
            </dl>
          </section>
          <section className="mobile-card" aria-labelledby="bank-details">
            <h2 id="bank-details" className="mobile-report">
              Bank details
            </h2>
            <dl>
              <dt>Account</dt>
              <dd>{orNotAvailable(o.bank.account_number)}</dd>
              <dt>IFSC</dt>
              <dd>{orNotAvailable(o.bank.ifsc_code)}</dd>
              <dt>Holder</dt>
              <dd>{orNotAvailable(o.bank.account_holder_name)}</dd>
              <dt>Bank</dt>
              <dd>{orNotAvailable(o.bank.bank)}</dd>
            </dl>
          </section>
          <section className="mobile-card" aria-labelledby="tax-details">
            <h2 id="tax-details" className="mobile-report">
              Tax details
            </h2>
            <dl>
              <dt>PAN</dt>
              <dd>{orNotAvailable(o.tax.pan_number)}</dd>
              <dt>GST</dt>
              <dd>{orNotAvailable(o.tax.gst_number)}</dd>
            </dl>
          </section>
          <p>
            <Link
              href={`/retailers/outlets-list/edit?rsid=${encodeURIComponent(o.rsid)}`}
              className="button button-primary"
            >
              Edit details
            </Link>
          </p>
          <section aria-labelledby="edit-requests">
            <h2 id="edit-requests" className="mobile-report mobile-section-title">
              Edit requests
            </h2>
            {o.requests.length === 0 ? <p className="mobile-empty">No edit requests yet.</p> : null}
            <ul className="mobile-cards">
              {o.requests.map((r) => (
                <li key={r.id} className="mobile-card">
                  <p className="mobile-report">{fieldLabel(r.type as RequestType)}</p>
                  <dl>
                    <dt>Raised</dt>
                    <dd>{formatMobileDate(r.created)}</dd>
                    <dt>Status</dt>
                    <dd>{DECISION_WORDS[r.status] ?? r.status}</dd>
                    {r.status === "rejected" ? (
                      <>
                        <dt>Reason</dt>
                        <dd>
                          {r.rejection_reason
                            ? (QC_REJECTION_STATUS[r.rejection_reason] ?? r.rejection_reason)
                            : MOBILE_MSG.notAvailable}
                        </dd>
                      </>
                    ) : null}
                  </dl>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </MobileFrame>
  );
}

const withQueries = (Screen: () => React.ReactNode) =>
  function RetailerScreen() {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen />
      </QueryClientProvider>
    );
  };

export const RetailerOutletsList = withQueries(OutletsList);
export const RetailerOutletInformation = withQueries(OutletInformation);
