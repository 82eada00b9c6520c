/**
 * The mobile pages for a session (spec 002 §2.3-§2.6): staff's pp views of an outlet by RSID and
 * the signed-in retailer's own outlet, read through React Query like every signed-in screen.
 */
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { Link, Redirect, useLocation, useParams, useSearch } from "wouter";
import {
  earningsQuery,
  invoicesQuery,
  mobileProfileQuery,
  retailerOutletsQuery,
  type SessionSource,
  statementsQuery,
} from "../../infra/api/mobile";
import { queryClient } from "../queryClient";
import { Spinner } from "../widgets/Controls";
import { EarningsView, HomeView, InvoicesView, MobileFrame, StatementsView } from "./MobilePages";

type PageProps = { source: SessionSource; staffPanel?: ReactNode };

function QueriedHome({ source, staffPanel }: PageProps) {
  return <HomeView source={source} answer={useQuery(mobileProfileQuery(source))} staffPanel={staffPanel} />;
}

function QueriedEarnings({ source }: PageProps) {
  return <EarningsView source={source} answer={useQuery(earningsQuery(source))} />;
}

function QueriedInvoices({ source }: PageProps) {
  return <InvoicesView source={source} answer={useQuery(invoicesQuery(source))} />;
}

function QueriedStatements({ source }: PageProps) {
  return <StatementsView source={source} answer={useQuery(statementsQuery(source))} />;
}

/** Only staff's pp view has it, so the other pages do not carry its code. */
const MobileLinkPanel = lazy(() => import("./MobileLinkReset").then((m) => ({ default: m.MobileLinkPanel })));

/** Staff's pp view of an outlet by RSID, with their session (master_id is accepted and not used). */
function staff(Page: (props: PageProps) => ReactNode, withLink = false) {
  return function StaffPage() {
    const { slug = "" } = useParams<{ slug: string }>();
    return (
      <QueryClientProvider client={queryClient}>
        <Page
          source={{ kind: "staff", rsid: slug }}
          staffPanel={
            withLink ? (
              <Suspense fallback={null}>
                <MobileLinkPanel rsid={slug} />
              </Suspense>
            ) : undefined
          }
        />
      </QueryClientProvider>
    );
  };
}

/**
 * Opened without ?rsid= (a bookmark, a typed address): the retailer's only outlet is opened at
 * once; with several, the page asks which.
 */
function ChooseOutlet({ title }: { title: string }) {
  const [path] = useLocation();
  const outlets = useQuery(retailerOutletsQuery());
  const found = outlets.data?.results ?? [];
  const at = (rsid: string) => `${path}?rsid=${encodeURIComponent(rsid)}`;
  if (found.length === 1) return <Redirect to={at(found[0]!.rsid)} replace />;
  return (
    <MobileFrame title={title} back="/retailers/outlets-list">
      {outlets.isPending ? <Spinner /> : null}
      {outlets.isError ? (
        <p className="mobile-empty" role="alert">
          Your outlets could not be loaded.
        </p>
      ) : null}
      {outlets.isSuccess && found.length === 0 ? <p className="mobile-empty">You have no outlets.</p> : null}
      {found.length > 1 ? (
        <>
          <p>Which outlet?</p>
          <ul className="mobile-cards">
            {found.map((o) => (
              <li key={o.rsid} className="mobile-card">
                <Link href={at(o.rsid)} className="mobile-report">
                  {o.name}
                </Link>
                <p>{o.rsid}</p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </MobileFrame>
  );
}

/** The signed-in retailer's own outlet, named by ?rsid= (the retailer area's routes carry no slug). */
function retailers(Page: (props: PageProps) => ReactNode, title: string) {
  return function RetailerPage() {
    const rsid = new URLSearchParams(useSearch()).get("rsid") ?? "";
    return (
      <QueryClientProvider client={queryClient}>
        {rsid ? <Page source={{ kind: "retailer", rsid }} /> : <ChooseOutlet title={title} />}
      </QueryClientProvider>
    );
  };
}

export const PpOutletDetails = staff(QueriedHome, true);
export const PpOutletEarning = staff(QueriedEarnings);
export const PpOutletInvoice = staff(QueriedInvoices);
export const PpPerformanceStatement = staff(QueriedStatements);
export const RetailerEarnings = retailers(QueriedEarnings, "Earnings");
export const RetailerInvoices = retailers(QueriedInvoices, "Invoices");
export const RetailerStatements = retailers(QueriedStatements, "Target vs achievement");
