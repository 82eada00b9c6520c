/**
 * The retailer area's PDF views (spec 000 route catalogue: /retailers/pdf-view,
 * /retailers/list-of-invoices/pdf-view, /retailers/earnings/earnings-details/pdf-view; content not
 * shown, designed in docs/retailer-portal.md): which document an address names, the call that
 * serves it, the list the page goes back to, and the words the page shows.
 */
import { financialYearFromLabel } from "../tax/form16";

/** One of the signed-in retailer's documents: an invoice, a target statement or a year's Form 16. */
export type RetailerDocument =
  | { kind: "invoice"; id: number }
  | { kind: "statement"; id: number }
  | { kind: "form16"; year: string };

/** A fetched PDF and the name the server gave it. */
export type PdfFile = { blob: Blob; name: string | null };
/** A fetch's outcome: the file, or none for this retailer (404). Other failures are errors. */
export type PdfLoad = { found: true; file: PdfFile } | { found: false };

/** The three PDF-view routes, by the list each belongs to. */
export const PDF_VIEW_PATHS = {
  invoices: "/retailers/list-of-invoices/pdf-view",
  statements: "/retailers/earnings/earnings-details/pdf-view",
  dashboard: "/retailers/pdf-view",
} as const;
export type PdfViewRoute = keyof typeof PDF_VIEW_PATHS;

/** What each route opens: its own list's documents; the dashboard's route the outlet's and Form 16. */
const OPENS: Readonly<Record<PdfViewRoute, readonly RetailerDocument["kind"][]>> = {
  invoices: ["invoice"],
  statements: ["statement"],
  dashboard: ["form16", "invoice", "statement"],
};

export const PDF_VIEW_MSG = {
  loading: "Opening the document…",
  missing: "The document is not available.",
  failed: "The document could not be opened.",
  retry: "Try again",
  download: "Download",
  open: "Open",
  noInlineViewer: "This phone cannot show the PDF on the page: open it or download it.",
} as const;

const rowId = (raw: string | null): number | null =>
  raw !== null && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;

/**
 * The document an address names: `?rsid=` with `invoice={id}`, `statement={id}` or
 * `kind=form16&year={2025-26}`, and only a kind the route opens; anything else names none.
 */
export function readPdfView(
  route: PdfViewRoute,
  search: string,
): { rsid: string; document: RetailerDocument | null } {
  const query = new URLSearchParams(search);
  const rsid = query.get("rsid")?.trim() ?? "";
  const invoice = rowId(query.get("invoice"));
  const statement = rowId(query.get("statement"));
  const year = query.get("year") ?? "";
  const named: RetailerDocument | null =
    query.get("kind") === "form16"
      ? financialYearFromLabel(year) === null
        ? null
        : { kind: "form16", year }
      : invoice !== null && statement === null
        ? { kind: "invoice", id: invoice }
        : statement !== null && invoice === null
          ? { kind: "statement", id: statement }
          : null;
  const document = rsid !== "" && named && OPENS[route].includes(named.kind) ? named : null;
  return { rsid, document };
}

const query = (rsid: string, doc: RetailerDocument): string => {
  const params = new URLSearchParams({ rsid });
  if (doc.kind === "form16") {
    params.set("kind", "form16");
    params.set("year", doc.year);
  } else params.set(doc.kind, String(doc.id));
  return params.toString();
};

/** Where a list's View leads: the list's own PDF view, or the dashboard's for Form 16 and the outlet page. */
export function pdfViewPath(route: PdfViewRoute, rsid: string, doc: RetailerDocument): string {
  return `${PDF_VIEW_PATHS[route]}?${query(rsid, doc)}`;
}

/** The list a PDF view goes back to (Back): the one its View was pressed in. */
export function pdfViewBack(route: PdfViewRoute, rsid: string, doc: RetailerDocument | null): string {
  if (rsid === "") return "/retailers/outlets-list";
  const outlet = `?rsid=${encodeURIComponent(rsid)}`;
  if (route === "invoices") return `/retailers/list-of-invoices${outlet}`;
  if (route === "statements") return `/retailers/earnings/earnings-details${outlet}`;
  return doc?.kind === "form16"
    ? `/retailers/form16${outlet}`
    : `/retailers/outlets-list/outlet-information${outlet}`;
}

/** The retailer's own call that serves the document (the server keeps its access rule). */
export function retailerDocumentUrl(rsid: string, doc: RetailerDocument): string {
  const base = `/api/retailer/outlets/${encodeURIComponent(rsid)}/`;
  if (doc.kind === "invoice") return `${base}invoices/${doc.id}/pdf/`;
  if (doc.kind === "statement") return `${base}target-statements/${doc.id}/pdf/`;
  return `${base}form16/${doc.year}/pdf/`;
}

/** The page's title: the invoice number or report name when the list has it, else the kind. */
export function documentTitle(doc: RetailerDocument | null, listed?: string | null): string {
  if (doc === null) return "Document";
  if (doc.kind === "form16") return `Form 16 ${doc.year}`;
  const kind = doc.kind === "invoice" ? "Invoice" : "Target statement";
  return listed ? `${kind} ${listed}` : kind;
}

/** The name a download is saved under: the server's, made safe for a file system, else the kind's. */
export function documentFileName(rsid: string, doc: RetailerDocument, served: string | null): string {
  const safe = served
    ?.replace(/[/\\:*?"<>|]+/g, "-")
    .replace(/\s+/g, " ")
    .trim();
  if (safe?.toLowerCase().endsWith(".pdf")) return safe;
  if (doc.kind === "form16") return `form16-${rsid}-${doc.year}.pdf`;
  return `${doc.kind}-${rsid}-${doc.id}.pdf`;
}
