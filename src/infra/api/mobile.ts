/**
 * The retailer link's calls (spec 002 §7) and the staff's pp reads of the same data. A link's reads
 * carry its access token; staff reads go by RSID with the session, like every portal call.
 */
import { queryOptions } from "@tanstack/react-query";
import type { Schema } from "effect";
import * as api from "../../domain/api/mobile";
import { MOBILE_ACCESS_HEADER } from "../../domain/mobile/mobile";
import { RetailerEditStart } from "../../domain/mobile/mobileAnswers";
import type { PdfLoad } from "../../domain/mobile/retailerDocuments";
import { call } from "../endpoint";
import { request, runApi } from "../http";
import { readStored, STORAGE_KEYS } from "../storage";

/**
 * Whose data a page shows: the retailer's link with its token, staff reading an outlet by RSID, or
 * the signed-in retailer reading one of their own outlets.
 */
export type MobileSource =
  | { kind: "link"; slug: string; token: string }
  | { kind: "staff"; rsid: string }
  | { kind: "retailer"; rsid: string };

/** The retailer's link, once its access check allowed this device's token. */
export type LinkSource = Extract<MobileSource, { kind: "link" }>;

export const accessCheck = (slug: string, token: string) =>
  call(api.accessCheck, { params: { slug }, body: { view_id: token } });

export const storedAccessToken = (): string | null => readStored(STORAGE_KEYS.mobileToken);

/** The spec's client asks for the pages' lists unpaged (002 §7). */
const NO_PAGINATION = { "no-pagination": "" };

/** One page's read for each way of reading it. */
type PageReads<R extends Schema.Top> = {
  link: api.LinkPage<R>;
  staff: api.OutletPage<R>;
  retailer: api.OutletPage<R>;
};

function read<R extends Schema.Top>(source: MobileSource, reads: PageReads<R>) {
  if (source.kind === "link")
    return call(reads.link, {
      params: { slug: source.slug },
      query: NO_PAGINATION,
      headers: { [MOBILE_ACCESS_HEADER]: source.token },
    });
  return call(reads[source.kind], { params: { rsid: source.rsid }, query: NO_PAGINATION });
}

const keyOf = (source: MobileSource) =>
  source.kind === "link" ? ["mobile", source.slug] : [source.kind, source.rsid];

export const retailerOutletsQuery = () =>
  queryOptions({
    queryKey: ["retailer", "outlets"] as const,
    queryFn: ({ signal }) => runApi(call(api.retailerOutlets, {}), { signal }),
  });

export const retailerOutletQuery = (rsid: string) =>
  queryOptions({
    queryKey: ["retailer", rsid, "information"] as const,
    queryFn: ({ signal }) => runApi(call(api.retailerOutlet, { params: { rsid } }), { signal }),
  });

/** The four answers of the mobile pages, each decoded with its Schema. */
export const readProfile = (source: MobileSource) =>
  read(source, { link: api.linkProfile, staff: api.staffProfile, retailer: api.ownProfile });
export const readEarnings = (source: MobileSource) =>
  read(source, { link: api.linkEarnings, staff: api.staffEarnings, retailer: api.ownEarnings });
export const readInvoices = (source: MobileSource) =>
  read(source, { link: api.linkInvoices, staff: api.staffInvoices, retailer: api.ownInvoices });
export const readStatements = (source: MobileSource) =>
  read(source, { link: api.linkStatements, staff: api.staffStatements, retailer: api.ownStatements });

export const mobileProfileQuery = (source: MobileSource) =>
  queryOptions({
    queryKey: [...keyOf(source), "profile"] as const,
    queryFn: ({ signal }) => runApi(readProfile(source), { signal }),
  });

export const earningsQuery = (source: MobileSource) =>
  queryOptions({
    queryKey: [...keyOf(source), "earnings"] as const,
    queryFn: ({ signal }) => runApi(readEarnings(source), { signal }),
  });

export const invoicesQuery = (source: MobileSource) =>
  queryOptions({
    queryKey: [...keyOf(source), "invoices"] as const,
    queryFn: ({ signal }) => runApi(readInvoices(source), { signal }),
  });

export const statementsQuery = (source: MobileSource) =>
  queryOptions({
    queryKey: [...keyOf(source), "statements"] as const,
    queryFn: ({ signal }) => runApi(readStatements(source), { signal }),
  });

/** A file the answers link to (a PDF, the logo): with the link's token, or the session's credentials. */
export async function fetchFile(url: string, source: MobileSource, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = {};
  if (source.kind === "link") headers[MOBILE_ACCESS_HEADER] = source.token;
  const session = readStored(STORAGE_KEYS.sessionId);
  if (source.kind !== "link" && session) headers.Authorization = `sessionid ${session}`;
  const response = await fetch(url, { headers, credentials: "include", signal });
  if (!response.ok) throw new Error(`The file could not be fetched (${response.status}).`);
  return response.blob();
}

/** The signed-in retailer's outlet as the edit form starts from it, and whether a request waits. */
export const retailerEditQuery = (rsid: string) =>
  queryOptions({
    queryKey: ["retailer", rsid, "edit"] as const,
    queryFn: ({ signal }) =>
      runApi(
        request({ path: `retailer/outlets/${encodeURIComponent(rsid)}/edit/`, schema: RetailerEditStart }),
        {
          signal,
        },
      ),
  });

/** The file name a Content-Disposition header gives (the UTF-8 form first), if any. */
export function servedFileName(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

/** One of the signed-in retailer's PDFs: the file, or none (404) when the server has no such document. */
export async function fetchRetailerPdf(url: string, rsid: string, signal?: AbortSignal): Promise<PdfLoad> {
  const session = readStored(STORAGE_KEYS.sessionId);
  const response = await fetch(url, {
    headers: session ? { Authorization: `sessionid ${session}` } : {},
    credentials: "include",
    signal,
  });
  if (response.status === 404) return { found: false };
  if (!response.ok) throw new Error(`The file of ${rsid} could not be fetched (${response.status}).`);
  return {
    found: true,
    file: { blob: await response.blob(), name: servedFileName(response.headers.get("Content-Disposition")) },
  };
}
