/**
 * The signed-in retailer's Form 16, notifications and profile (spec 000 route catalogue; content not
 * shown, designed in docs/retailer-portal.md), in the same phone column as their outlets.
 */
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams, useSearch } from "wouter";
import { formatMobileDate, formatRupees, orNotAvailable, retailerPagePath } from "../../domain/mobile/mobile";
import { RETAILER_ACCOUNT_MSG, retailerNotificationText } from "../../domain/mobile/retailerAccount";
import { pdfViewPath } from "../../domain/mobile/retailerDocuments";
import { FINANCIAL_QUARTER_MONTHS, FORM16_MSG } from "../../domain/tax/form16";
import {
  retailerForm16Query,
  retailerNotificationsQuery,
  retailerOfferQuery,
  retailerOffersQuery,
  retailerProfileQuery,
} from "../../infra/api/retailerAccount";
import { RETAILER_GROUP } from "../ekyc/groups";
import { useSignedIn } from "../ekyc/useSignedIn";
import { queryClient } from "../queryClient";
import { Spinner } from "../widgets/Controls";
import { MobileFrame } from "./MobilePages";
import { downloadPdf } from "./pdfFiles";
import "./mobile.css";

function Failed({ text }: { text: string }) {
  return (
    <p className="mobile-empty" role="alert">
      {text}
    </p>
  );
}

function Form16() {
  const rsid = new URLSearchParams(useSearch()).get("rsid") ?? "";
  const years = useQuery(retailerForm16Query(rsid));
  const [saving, setSaving] = useState<string | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  return (
    <MobileFrame title="Form 16" back={retailerPagePath("home", rsid)}>
      {years.isPending ? <Spinner /> : null}
      {years.isError ? <Failed text={FORM16_MSG.failed} /> : null}
      {saveFailed ? <Failed text="The file could not be downloaded. Please try again." /> : null}
      {years.data?.results.length === 0 ? <p className="mobile-empty">{FORM16_MSG.noData}</p> : null}
      <ul className="mobile-cards">
        {years.data?.results.map((y) => (
          <li key={y.financial_year} className="mobile-card">
            <p className="mobile-report">Financial year {y.financial_year}</p>
            <dl>
              <dt>Amount paid</dt>
              <dd>{formatRupees(y.amount_paid)}</dd>
              <dt>Tax deducted</dt>
              <dd>{formatRupees(y.tds_deducted)}</dd>
            </dl>
            <table className="mobile-quarters">
              <caption className="visually-hidden">Tax deducted by quarter, {y.financial_year}</caption>
              <thead>
                <tr>
                  <th scope="col">Quarter</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Tax</th>
                </tr>
              </thead>
              <tbody>
                {y.quarters.map((q) => (
                  <tr key={q.quarter}>
                    <th scope="row">
                      Q{q.quarter}{" "}
                      <span className="mobile-sub">{FINANCIAL_QUARTER_MONTHS[q.quarter - 1]}</span>
                    </th>
                    <td>{formatRupees(q.amount_paid)}</td>
                    <td>{formatRupees(q.tds_deducted)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {y.file ? (
              <p className="pdf-view-actions">
                <Link
                  href={pdfViewPath("dashboard", rsid, { kind: "form16", year: y.financial_year })}
                  className="button button-secondary"
                  aria-label={`View Form 16 ${y.financial_year}`}
                >
                  View
                </Link>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={saving === y.financial_year}
                  aria-label={`${FORM16_MSG.download} ${y.financial_year}`}
                  onClick={() => {
                    setSaving(y.financial_year);
                    setSaveFailed(false);
                    downloadPdf(y.file!, `form16-${rsid}-${y.financial_year}.pdf`, { kind: "retailer", rsid })
                      .catch(() => setSaveFailed(true))
                      .finally(() => setSaving(null));
                  }}
                >
                  {FORM16_MSG.download}
                </button>
              </p>
            ) : (
              <p className="mobile-sub">{FORM16_MSG.inProgress}</p>
            )}
          </li>
        ))}
      </ul>
    </MobileFrame>
  );
}

function Notifications() {
  const notes = useQuery(retailerNotificationsQuery());
  return (
    <MobileFrame title="Notifications" back="/retailers/outlets-list">
      {notes.isPending ? <Spinner /> : null}
      {notes.isError ? <Failed text={RETAILER_ACCOUNT_MSG.notificationsFailed} /> : null}
      {notes.data?.results.length === 0 ? (
        <p className="mobile-empty">{RETAILER_ACCOUNT_MSG.noNotifications}</p>
      ) : null}
      <ul className="mobile-cards">
        {notes.data?.results.map((n) => {
          const { title, subText } = retailerNotificationText(n);
          return (
            <li key={`${n.event_type}-${n.rsid}-${n.at}-${n.request_type ?? ""}`} className="mobile-card">
              <p className="mobile-report">{title}</p>
              <p>{subText}</p>
              <p className="mobile-sub">{formatMobileDate(n.at.slice(0, 10))}</p>
            </li>
          );
        })}
      </ul>
    </MobileFrame>
  );
}

function Profile() {
  const { user_name = "" } = useParams<{ user_name: string }>();
  const profile = useQuery(retailerProfileQuery(user_name));
  const { signOut, busy } = useSignedIn(RETAILER_GROUP);
  const me = profile.data;
  return (
    <MobileFrame title="My profile" back="/retailers/outlets-list">
      {profile.isPending ? <Spinner /> : null}
      {profile.isError ? <Failed text={RETAILER_ACCOUNT_MSG.profileFailed} /> : null}
      {me ? (
        <section className="mobile-card" aria-label="Profile">
          <p className="mobile-greeting">{me.name}</p>
          <dl>
            <dt>User name</dt>
            <dd>{me.user_name}</dd>
            <dt>Mobile</dt>
            <dd>{orNotAvailable(me.phone_number)}</dd>
            <dt>Outlets</dt>
            <dd>{me.outlets}</dd>
          </dl>
        </section>
      ) : null}
      <p>
        <Link href="/retailers/outlets-list" className="button button-primary">
          My outlets
        </Link>{" "}
        <button className="button button-secondary" type="button" onClick={signOut} disabled={busy}>
          Logout
        </button>
      </p>
    </MobileFrame>
  );
}

const validity = (o: { starts_on: string; ends_on: string }) =>
  `${formatMobileDate(o.starts_on)} to ${formatMobileDate(o.ends_on)}`;

function Offers() {
  const offers = useQuery(retailerOffersQuery());
  return (
    <MobileFrame title="Offers" back="/retailers/outlets-list">
      {offers.isPending ? <Spinner /> : null}
      {offers.isError ? <Failed text={RETAILER_ACCOUNT_MSG.offersFailed} /> : null}
      {offers.data?.results.length === 0 ? (
        <p className="mobile-empty">{RETAILER_ACCOUNT_MSG.noOffers}</p>
      ) : null}
      <ul className="mobile-cards">
        {offers.data?.results.map((o) => (
          <li key={o.slug} className="mobile-card">
            <Link href={`/retailers/offers/view/${encodeURIComponent(o.slug)}`} className="mobile-report">
              {o.title}
            </Link>
            <p className="mobile-sub">
              {o.organisation_name} · {validity(o)}
            </p>
          </li>
        ))}
      </ul>
    </MobileFrame>
  );
}

function Offer() {
  const { offerSlug = "" } = useParams<{ offerSlug: string }>();
  const offer = useQuery(retailerOfferQuery(offerSlug));
  const o = offer.data;
  return (
    <MobileFrame title={o?.title ?? "Offer"} back="/retailers/offers">
      {offer.isPending ? <Spinner /> : null}
      {offer.isError ? <Failed text={RETAILER_ACCOUNT_MSG.offerNotFound} /> : null}
      {o ? (
        <section className="mobile-card" aria-label="Offer">
          <p>{o.description}</p>
          <dl>
            <dt>From</dt>
            <dd>{o.organisation_name}</dd>
            <dt>Valid</dt>
            <dd>{validity(o)}</dd>
          </dl>
        </section>
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

export const RetailerForm16 = withQueries(Form16);
export const RetailerNotifications = withQueries(Notifications);
export const RetailerProfile = withQueries(Profile);
export const RetailerOffers = withQueries(Offers);
export const RetailerOfferView = withQueries(Offer);
