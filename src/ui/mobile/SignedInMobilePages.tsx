/**
 * The mobile pages for a session (spec 002 §2.3-§2.6): staff's pp views of an outlet by RSID and
 * the signed-in retailer's own outlet, read through React Query like every signed-in screen.
 */
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { useParams, useSearch } from "wouter";
import {
  earningsQuery,
  invoicesQuery,
  type MobileSource,
  mobileProfileQuery,
  statementsQuery,
} from "../../infra/api/mobile";
import { queryClient } from "../queryClient";
import { EarningsView, HomeView, InvoicesView, StatementsView } from "./MobilePages";

type PageProps = { source: MobileSource; staffPanel?: ReactNode };

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

/** The signed-in retailer's own outlet, named by ?rsid= (the retailer area's routes carry no slug). */
function retailers(Page: (props: PageProps) => ReactNode) {
  return function RetailerPage() {
    const rsid = new URLSearchParams(useSearch()).get("rsid") ?? "";
    return (
      <QueryClientProvider client={queryClient}>
        <Page source={{ kind: "retailer", rsid }} />
      </QueryClientProvider>
    );
  };
}

export const PpOutletDetails = staff(QueriedHome, true);
export const PpOutletEarning = staff(QueriedEarnings);
export const PpOutletInvoice = staff(QueriedInvoices);
export const PpPerformanceStatement = staff(QueriedStatements);
export const RetailerEarnings = retailers(QueriedEarnings);
export const RetailerInvoices = retailers(QueriedInvoices);
export const RetailerStatements = retailers(QueriedStatements);
