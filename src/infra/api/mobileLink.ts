/**
 * The retailer link's calls (spec 002 §4, §7), made without the HTTP module: the access check and
 * the pages' four reads are declared calls (../declaredCall), checked by the shapes the build derives
 * from their endpoints in the contract (src/domain/api/mobile.ts; the UI imports them, as
 * src/ui/mobile/linkReads.ts), so the link's page loads no Effect. Also whose data a mobile page
 * shows, and the files its answers link to.
 */
import { MOBILE_ACCESS_HEADER } from "../../domain/mobile/mobile";
import type { AccessAnswer } from "../../domain/mobile/mobileAnswers";
import { callDeclared } from "../declaredCall";
import type { DeclaredRead } from "../declaredRead";
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

export const storedAccessToken = (): string | null => readStored(STORAGE_KEYS.mobileToken);

/** The link's access check (`read`, derived from mobile.accessCheck) with this device's token. */
export const checkAccess = (read: DeclaredRead, slug: string, token: string, signal?: AbortSignal) =>
  callDeclared<AccessAnswer>(read, { params: { slug }, body: { view_id: token }, signal });

/** The spec's client asks for the pages' lists unpaged (002 §7). */
export const NO_PAGINATION = { "no-pagination": "" };

/** A page's read by the link (`read`, derived from one of mobile.link*), with the token the link is bound to. */
export const linkPageRead =
  <A>(read: DeclaredRead) =>
  (source: LinkSource, signal?: AbortSignal) =>
    callDeclared<A>(read, {
      params: { slug: source.slug },
      query: NO_PAGINATION,
      headers: { [MOBILE_ACCESS_HEADER]: source.token },
      signal,
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
