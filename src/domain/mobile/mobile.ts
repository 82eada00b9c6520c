/**
 * The retailer's mobile pages (spec 002 §2.3-§2.7, §3, §4, §9) and the staff's pp views of the same
 * data: the texts, the access token and the rules the server and screens share. The answers' Schemas
 * are apart (./mobileAnswers), so the link's page, which checks its answers by their derived shapes,
 * loads no Effect for these rules.
 */
import { formatDate, parseIsoDate } from "../shared/format";

export const MOBILE_MSG = {
  switchToMobile: "Please switch to mobile view for a better experience.",
  forwardedLink:
    "Seems like you have opened the forwarded link. The link is not Accessible. Please contact Retail Scan Team.",
  noEarnings: "No Earnings found",
  earningsFailed: "Failed to fetch earnings data",
  noInvoices: "No invoice found.",
  invoicesFailed: "Error fetching invoices",
  noStatements: "No data available",
  searchStatement: "Search Statement",
  viewKyc: "View KYC Details",
  kycSuccessful: "Successful",
  kycUnsuccessful: "Unsuccessful",
  openWith: "Open With",
  poweredBy: "Powered by",
  notAvailable: "N/A",
} as const;

/** The tiles of the mobile home, in the spec's order (002 §2.3). */
export const MOBILE_TILES = ["Earnings", "Invoices", "Target vs Ach", "Form-16"] as const;

/** Wider than this the pages ask for a phone (002 §2.7, §9). */
export const MOBILE_MAX_WIDTH = 600;
export const isWideScreen = (width: number): boolean => width > MOBILE_MAX_WIDTH;

/** Android Chrome tries the app, then the store after this long (002 §2.3, §9). */
export const DEEP_LINK_FALLBACK_MS = 100;

/**
 * The time window of 002 §4: set and unused in the product the spec describes, and kept so here
 * (configuration a future rule could read; nothing reads it today).
 */
export const MOBILE_ACCESS_WINDOW = { opens: "10:00", closes: "19:00" } as const;

/** A token older or newer than this (by its own minute) is refused before it binds a link. */
export const TOKEN_VALIDITY_MS = 24 * 60 * 60 * 1000;

/** The header a link's reads carry its access token in. */
export const MOBILE_ACCESS_HEADER = "X-Mobile-Access";

/** No token stored: empty, null or the text "null" (002 §4). */
export const isMissingToken = (stored: string | null | undefined): boolean =>
  stored === null || stored === undefined || stored.trim() === "" || stored.trim() === "null";

type Clock = { year: number; month: number; day: number; hour: number; minute: number };

/** The token's clear text: the year, month, day, hour and minute digits (002 §9), "202611231405". */
export function accessTokenDigits({ year, month, day, hour, minute }: Clock): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${year}${two(month)}${two(day)}${two(hour)}${two(minute)}`;
}

/** The minute a token's clear text names (UTC epoch ms), or null when it is not twelve valid digits. */
export function tokenMinute(digits: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(digits);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const t = Date.UTC(year, month - 1, day, hour, minute);
  const d = new Date(t);
  const exact =
    d.getUTCFullYear() === year &&
    d.getUTCMonth() === month - 1 &&
    d.getUTCDate() === day &&
    d.getUTCHours() === hour &&
    d.getUTCMinutes() === minute;
  return exact ? t : null;
}

/**
 * The token an access check carries (its `view_id`): anything but a text is no token, which the
 * check answers as malformed (002 §4) rather than as bad input.
 */
export const accessTokenOf = (viewId: unknown): string => (typeof viewId === "string" ? viewId : "");

export type AccessVerdict = "allowed" | "bound" | "forwarded" | "expired" | "malformed";

/**
 * The mobile access check (002 §4, docs/retailer-portal.md). The first fresh token a link is opened
 * with binds the link to that device; the same token is allowed from then on; any other token is a
 * forwarded link. A token that does not decrypt to a minute is malformed; one whose minute is more
 * than a day from now cannot bind a link.
 */
export function mobileAccessVerdict(facts: {
  minute: number | null;
  now: number;
  tokenHash: string;
  boundHash: string | null;
}): AccessVerdict {
  if (facts.minute === null) return "malformed";
  if (facts.boundHash !== null) return facts.boundHash === facts.tokenHash ? "allowed" : "forwarded";
  return Math.abs(facts.now - facts.minute) > TOKEN_VALIDITY_MS ? "expired" : "bound";
}

export const isAccessGranted = (verdict: AccessVerdict): boolean =>
  verdict === "allowed" || verdict === "bound";

/** Where "Open With" sends a device (002 §2.3). */
export type Device = "androidChrome" | "ios" | "other";

export function deviceOf(userAgent: string): Device {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "ios";
  if (/Android/i.test(userAgent) && /Chrome\//.test(userAgent) && !/EdgA|OPR|SamsungBrowser/.test(userAgent))
    return "androidChrome";
  return "other";
}

/** The retailer app's addresses (deployment configuration in /api/config/ would override them). */
export const RETAILER_APP = {
  playStore: "https://play.google.com/store/apps/details?id=com.retailscan.app",
  appStore: "https://apps.apple.com/in/app/retail-scan/id1600000000",
  deepLink: "intent://open#Intent;scheme=retailscan;package=com.retailscan.app;end",
} as const;

/** The store a device is sent to: the App Store on iOS, the Play Store everywhere else. */
export const storeFor = (device: Device): string =>
  device === "ios" ? RETAILER_APP.appStore : RETAILER_APP.playStore;

/** KYC is successful when the outlet's PAN and its bank IFSC are both verified. */
export function isKycSuccessful(facts: { pan_status: string; ifsc_status: string }): boolean {
  return facts.pan_status === "verified" && facts.ifsc_status === "verified";
}

/** Amounts as Indian rupees: "₹1,23,456.50" (en-IN grouping, two decimals). */
export function formatRupees(amount: number | string): string {
  const n = typeof amount === "string" ? Number(amount) : amount;
  if (!Number.isFinite(n)) return MOBILE_MSG.notAvailable;
  return `₹${n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A missing or blank value reads N/A (002 §2.6). */
export const orNotAvailable = (value: string | null | undefined): string =>
  value === null || value === undefined || value.trim() === "" ? MOBILE_MSG.notAvailable : value;

/** "Search Statement" filters by RSID only, case-insensitive contains (002 §2.6). */
export function matchesStatementSearch(search: string, rsid: string | null): boolean {
  const needle = search.trim().toLowerCase();
  return needle === "" || (rsid ?? "").toLowerCase().includes(needle);
}

/** "Nov 1, 2026" from a YYYY-MM-DD text, N/A when there is none. */
export function formatMobileDate(iso: string | null): string {
  const d = iso ? parseIsoDate(iso.slice(0, 10)) : null;
  return d ? formatDate(d.year, d.month, d.day) : MOBILE_MSG.notAvailable;
}

/** "Payment Duration": start to end (002 §2.4). */
export function paymentDuration(start: string | null, end: string | null): string {
  if (!start && !end) return MOBILE_MSG.notAvailable;
  return `${formatMobileDate(start)} to ${formatMobileDate(end)}`;
}

/** The four pages, by the name their routes use (002 §2.2). */
export type MobilePage = "home" | "earnings" | "invoices" | "target-vs-achievement";

const PP_PATHS: Record<MobilePage, string> = {
  home: "/dashboard/pp-outlet-details/",
  earnings: "/dashboard/earnings/pp-outlet-earning/",
  invoices: "/dashboard/pp-outlet-invoice/",
  "target-vs-achievement": "/dashboard/pp-performance-statement-project-view/",
};

/** A page's address for the retailer's link (by its slug) or for staff (the pp view, by RSID). */
export function mobilePagePath(page: MobilePage, by: { slug: string } | { rsid: string }): string {
  return "slug" in by
    ? `/mobile-view/${page}/slug/${encodeURIComponent(by.slug)}`
    : `${PP_PATHS[page]}${encodeURIComponent(by.rsid)}`;
}

const RETAILER_PATHS: Record<MobilePage, string> = {
  home: "/retailers/outlets-list/outlet-information",
  earnings: "/retailers/earnings",
  invoices: "/retailers/list-of-invoices",
  "target-vs-achievement": "/retailers/earnings/earnings-details",
};

/** A page of the signed-in retailer's area for one of their outlets (the outlet travels as ?rsid=). */
export const retailerPagePath = (page: MobilePage, rsid: string): string =>
  `${RETAILER_PATHS[page]}?rsid=${encodeURIComponent(rsid)}`;
