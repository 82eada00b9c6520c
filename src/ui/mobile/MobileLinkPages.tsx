/**
 * The retailer's link (spec 002 §2.3-§2.6, §4): each page behind the access guard, reading its
 * answer with the link's token. A phone opening the link loads these from their own entry
 * (./MobileApp); the dashboard's route table loads them too when it is already open.
 */
import type { ReactNode } from "react";
import { useParams } from "wouter";
import type { LinkSource } from "../../infra/api/mobileLink";
import { readLinkEarnings, readLinkInvoices, readLinkProfile, readLinkStatements } from "./linkReads";
import { MobileGuard } from "./MobileGuard";
import { EarningsView, HomeView, InvoicesView, StatementsView } from "./MobilePages";
import { useLinkAnswer } from "./useLinkAnswer";

function LinkHome({ source }: { source: LinkSource }) {
  return <HomeView source={source} answer={useLinkAnswer(readLinkProfile, source)} />;
}

function LinkEarnings({ source }: { source: LinkSource }) {
  return <EarningsView source={source} answer={useLinkAnswer(readLinkEarnings, source)} />;
}

function LinkInvoices({ source }: { source: LinkSource }) {
  return <InvoicesView source={source} answer={useLinkAnswer(readLinkInvoices, source)} />;
}

function LinkStatements({ source }: { source: LinkSource }) {
  return <StatementsView source={source} answer={useLinkAnswer(readLinkStatements, source)} />;
}

function linked(Page: (props: { source: LinkSource }) => ReactNode) {
  return function LinkedPage() {
    const { slug = "" } = useParams<{ slug: string }>();
    return <MobileGuard slug={slug}>{(source) => <Page source={source} />}</MobileGuard>;
  };
}

export const MobileHome = linked(LinkHome);
export const MobileEarnings = linked(LinkEarnings);
export const MobileInvoices = linked(LinkInvoices);
export const MobileStatements = linked(LinkStatements);
