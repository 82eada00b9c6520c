/**
 * The staff's pp reads of the retailer's mobile data and the signed-in retailer's own (spec 002 §7,
 * docs/retailer-portal.md): by RSID with the session, like every portal call, through React Query.
 * The link's own calls, made without the HTTP module, are in ./mobileLink.
 */
import { queryOptions } from "@tanstack/react-query";
import type { Schema } from "effect";
import * as api from "../../domain/api/mobile";
import { RetailerEditStart } from "../../domain/mobile/mobileAnswers";
import type { PdfLoad } from "../../domain/mobile/retailerDocuments";
import { call } from "../endpoint";
import { request, runApi } from "../http";
import { readStored, STORAGE_KEYS } from "../storage";
import { type LinkSource, type MobileSource, NO_PAGINATION } from "./mobileLink";

/** Whose page a session reads: staff's pp view of an outlet, or the signed-in retailer's own outlet. */
export type SessionSource = Exclude<MobileSource, LinkSource>;

/** One page's read for each way of reading it with a session. */
type PageReads<R extends Schema.Top> = Record<SessionSource["kind"], api.OutletPage<R>>;

function read<R extends Schema.Top>(source: SessionSource, reads: PageReads<R>) {
  return call(reads[source.kind], { params: { rsid: source.rsid }, query: NO_PAGINATION });
}

const keyOf = (source: SessionSource) => [source.kind, source.rsid];

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
export const mobileProfileQuery = (source: SessionSource) =>
  queryOptions({
    queryKey: [...keyOf(source), "profile"] as const,
    queryFn: ({ signal }) =>
      runApi(read(source, { staff: api.staffProfile, retailer: api.ownProfile }), { signal }),
  });

export const earningsQuery = (source: SessionSource) =>
  queryOptions({
    queryKey: [...keyOf(source), "earnings"] as const,
    queryFn: ({ signal }) =>
      runApi(read(source, { staff: api.staffEarnings, retailer: api.ownEarnings }), { signal }),
  });

export const invoicesQuery = (source: SessionSource) =>
  queryOptions({
    queryKey: [...keyOf(source), "invoices"] as const,
    queryFn: ({ signal }) =>
      runApi(read(source, { staff: api.staffInvoices, retailer: api.ownInvoices }), { signal }),
  });

export const statementsQuery = (source: SessionSource) =>
  queryOptions({
    queryKey: [...keyOf(source), "statements"] as const,
    queryFn: ({ signal }) =>
      runApi(read(source, { staff: api.staffStatements, retailer: api.ownStatements }), { signal }),
  });

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
