/**
 * The retailer's mobile pages (spec 002 §2.3-§2.6): home, earnings, invoices and target vs
 * achievement. Each view is given its answer: the link's pages read it themselves
 * (./MobileLinkPages), staff's pp views and the signed-in retailer through React Query
 * (./SignedInMobilePages).
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import {
  type Device,
  deviceOf,
  formatMobileDate,
  formatRupees,
  MOBILE_MSG,
  MOBILE_TILES,
  type MobilePage,
  matchesStatementSearch,
  mobilePagePath,
  orNotAvailable,
  paymentDuration,
  retailerPagePath,
} from "../../domain/mobile/mobile";
import type {
  Earning,
  MobileInvoice,
  MobileProfile,
  TargetStatement,
} from "../../domain/mobile/mobileAnswers";
import { pdfViewPath } from "../../domain/mobile/retailerDocuments";
import { fetchFile, type MobileSource } from "../../infra/api/mobileLink";
import { useLiveMachine } from "../live/liveActors";
import { Spinner } from "../widgets/Controls";
import { MobileLogo } from "./MobileLogo";
import { type Navigator, providedOpenWith } from "./openWithActor";
import { downloadPdf } from "./pdfFiles";
import type { Answer } from "./useLinkAnswer";
import "./mobile.css";
// Under the build's inline limit: sent inside the script, one request fewer for a phone.
import supportTicket from "./support-ticket.svg";

/** What a view is given: whose page it is and its answer. */
export type ViewProps<A> = { source: MobileSource; answer: Answer<{ results: readonly A[] }> };

const pathFor = (page: MobilePage, source: MobileSource) =>
  source.kind === "retailer"
    ? retailerPagePath(page, source.rsid)
    : mobilePagePath(page, source.kind === "link" ? { slug: source.slug } : { rsid: source.rsid });

export function MobileFrame({
  title,
  back,
  children,
}: {
  title: string;
  back?: string;
  children: ReactNode;
}) {
  return (
    <main className="mobile-page">
      <header className="mobile-header">
        {back ? (
          <Link href={back} className="mobile-back" aria-label="Back">
            ←
          </Link>
        ) : null}
        <h1>{title}</h1>
      </header>
      {children}
    </main>
  );
}

const TILE_PAGE: Record<(typeof MOBILE_TILES)[number], MobilePage | null> = {
  Earnings: "earnings",
  Invoices: "invoices",
  "Target vs Ach": "target-vs-achievement",
  "Form-16": null,
};

export function HomeView({
  source,
  answer: profile,
  navigator,
  device = deviceOf(globalThis.navigator.userAgent),
  staffPanel,
}: ViewProps<MobileProfile> & {
  navigator?: Navigator;
  device?: Device;
  /** What only staff see on the pp view: the link's binding and its reset. */
  staffPanel?: ReactNode;
}) {
  const [openWith, send] = useLiveMachine(providedOpenWith(navigator), { input: { device } });
  const me = profile.data?.results[0];
  return (
    <MobileFrame title="Home">
      {profile.isPending ? <Spinner /> : null}
      {me ? (
        <section className="mobile-profile">
          <MobileLogo
            url={me.project_organisation_logo_image}
            organisation={me.organisation_name}
            source={source}
          />
          <p className="mobile-greeting">Hello, {me.name}</p>
          <p className="mobile-program">{me.program_name}</p>
          <p className="mobile-kyc">
            KYC Status:{" "}
            <strong className={me.is_kyc_successful ? "kyc-ok" : "kyc-not-ok"}>
              {me.is_kyc_successful ? MOBILE_MSG.kycSuccessful : MOBILE_MSG.kycUnsuccessful}
            </strong>
          </p>
          <button type="button" className="mobile-link" onClick={() => send({ type: "overlay.open" })}>
            {MOBILE_MSG.viewKyc}
          </button>
        </section>
      ) : null}
      <nav className="mobile-tiles" aria-label="Pages">
        {MOBILE_TILES.map((tile) => {
          const page = TILE_PAGE[tile];
          return page ? (
            <Link key={tile} href={pathFor(page, source)} className="mobile-tile">
              {tile}
            </Link>
          ) : (
            <button
              key={tile}
              type="button"
              className="mobile-tile"
              onClick={() => send({ type: "overlay.open" })}
            >
              {tile}
            </button>
          );
        })}
      </nav>
      {openWith.matches("overlay") ? (
        <OpenWithSheet
          onStore={() => send({ type: "store.open" })}
          onClose={() => send({ type: "overlay.close" })}
        />
      ) : null}
      {staffPanel}
      <footer className="mobile-footer">
        <a href="mailto:support@retailscan.in?subject=Support%20ticket" className="mobile-support">
          <img src={supportTicket} alt="Raise a support ticket" width={200} height={56} />
        </a>
        <p>
          {MOBILE_MSG.poweredBy} <strong>Retail Scan</strong>
        </p>
      </footer>
    </MobileFrame>
  );
}

function OpenWithSheet({ onStore, onClose }: { onStore: () => void; onClose: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="mobile-sheet-backdrop">
      <div
        className="mobile-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="open-with-title"
        onKeyDown={(e) => {
          if (e.key === "Escape") onClose();
        }}
      >
        <h2 id="open-with-title">{MOBILE_MSG.openWith}</h2>
        <p>Form-16 and KYC details open in the Retail Scan app.</p>
        <button ref={button} type="button" className="button button-primary" onClick={onStore}>
          Open in app store
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

function Failed({ text }: { text: string }) {
  return (
    <p className="mobile-empty" role="alert">
      {text}
    </p>
  );
}

export function EarningsView({ source, answer: earnings }: ViewProps<Earning>) {
  return (
    <MobileFrame title="Earnings" back={pathFor("home", source)}>
      {earnings.isPending ? <Spinner /> : null}
      {earnings.isError ? <Failed text={MOBILE_MSG.earningsFailed} /> : null}
      {earnings.data?.results.length === 0 ? <p className="mobile-empty">{MOBILE_MSG.noEarnings}</p> : null}
      <ul className="mobile-cards">
        {earnings.data?.results.map((e) => (
          <li key={e.id} className="mobile-card">
            <p className="mobile-amount">{formatRupees(e.amount)}</p>
            <dl>
              <dt>Program</dt>
              <dd>{orNotAvailable(e.outlet.program_name)}</dd>
              <dt>UTR</dt>
              <dd>{orNotAvailable(e.workflow_object.utr_number)}</dd>
              <dt>Payment Date</dt>
              <dd>{formatMobileDate(e.payment_date)}</dd>
              <dt>Payment Duration</dt>
              <dd>{paymentDuration(e.invoice_duration_start_date, e.invoice_duration_end_date)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </MobileFrame>
  );
}

export function InvoicesView({ source, answer: invoices }: ViewProps<MobileInvoice>) {
  const [saving, setSaving] = useState<number | null>(null);
  return (
    <MobileFrame title="Invoices" back={pathFor("home", source)}>
      {invoices.isPending ? <Spinner /> : null}
      {invoices.isError ? <Failed text={MOBILE_MSG.invoicesFailed} /> : null}
      {invoices.data?.results.length === 0 ? <p className="mobile-empty">{MOBILE_MSG.noInvoices}</p> : null}
      <ul className="mobile-cards">
        {invoices.data?.results.map((i) => (
          <li key={i.id} className="mobile-card">
            <div className="mobile-card-top">
              <p className="mobile-amount">{formatRupees(i.amount_paid)}</p>
              <button
                type="button"
                className="mobile-download"
                aria-label={`Download invoice ${i.invoice_no}`}
                disabled={saving === i.id}
                onClick={() => {
                  setSaving(i.id);
                  downloadPdf(i.file, `invoice-${i.invoice_no.replaceAll("/", "-")}.pdf`, source)
                    .catch(() => undefined)
                    .finally(() => setSaving(null));
                }}
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path
                    d="M12 3v11m0 0 4-4m-4 4-4-4M5 19h14"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  />
                </svg>
              </button>
            </div>
            <dl>
              <dt>Program</dt>
              <dd>{i.program}</dd>
              <dt>Invoice Number</dt>
              <dd>{i.invoice_no}</dd>
              <dt>Payment Date</dt>
              <dd>{formatMobileDate(i.created)}</dd>
            </dl>
            <p className="mobile-sub">
              {i.program} · {i.sub_project_name}
            </p>
            {source.kind === "retailer" ? (
              <Link
                href={pdfViewPath("invoices", source.rsid, { kind: "invoice", id: i.id })}
                className="button button-primary"
                aria-label={`View invoice ${i.invoice_no}`}
              >
                View
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </MobileFrame>
  );
}

/** Opens a PDF in a new tab: the tab is opened at the click, so no pop-up blocker stops it. */
function viewPdf(url: string, source: MobileSource) {
  const tab = window.open("", "_blank");
  fetchFile(url, source)
    .then((blob) => {
      const href = URL.createObjectURL(blob);
      if (tab) tab.location.href = href;
      else window.location.assign(href);
    })
    .catch(() => tab?.close());
}

export function StatementsView({ source, answer: statements }: ViewProps<TargetStatement>) {
  const [search, setSearch] = useState("");
  const shown = statements.data?.results.filter((s) => matchesStatementSearch(search, s.rsid)) ?? [];
  return (
    <MobileFrame title="Target vs Achievement" back={pathFor("home", source)}>
      <input
        type="search"
        className="mobile-search"
        placeholder={MOBILE_MSG.searchStatement}
        aria-label={MOBILE_MSG.searchStatement}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {statements.isPending ? <Spinner /> : null}
      {statements.data && shown.length === 0 ? (
        <p className="mobile-empty">{MOBILE_MSG.noStatements}</p>
      ) : null}
      <ul className="mobile-cards">
        {shown.map((s) => (
          <li key={s.id} className="mobile-card">
            <p className="mobile-report">{orNotAvailable(s.report_name)}</p>
            <dl>
              <dt>RSID</dt>
              <dd>{orNotAvailable(s.rsid)}</dd>
              <dt>Program</dt>
              <dd>{orNotAvailable(s.program)}</dd>
              <dt>Duration</dt>
              <dd>{orNotAvailable(s.duration)}</dd>
              <dt>Remarks</dt>
              <dd>{orNotAvailable(s.remark)}</dd>
            </dl>
            {s.url && source.kind === "retailer" ? (
              <Link
                href={pdfViewPath("statements", source.rsid, { kind: "statement", id: s.id })}
                className="button button-primary"
                aria-label={`View ${s.report_name}`}
              >
                View
              </Link>
            ) : s.url ? (
              <button type="button" className="button button-primary" onClick={() => viewPdf(s.url!, source)}>
                View
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </MobileFrame>
  );
}
