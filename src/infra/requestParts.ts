/**
 * What every API request is made of: its address under the API base, its headers (the session's)
 * and its body. Shared by the HTTP module and the entry pages' declared reads (./declaredRead), which
 * load without it, so both send a call alike.
 */
import { httpConfig } from "./config";
import { readStored, STORAGE_KEYS } from "./storage";

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;
export type Query = Readonly<Record<string, QueryValue>>;

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const items: readonly (string | number | boolean)[] = Array.isArray(value) ? value : [value];
    for (const item of items) params.append(key, String(item));
  }
  const search = params.toString();
  const base = httpConfig.baseUrl.endsWith("/") ? httpConfig.baseUrl : `${httpConfig.baseUrl}/`;
  return `${base}${path.replace(/^\/+/, "")}${search ? `?${search}` : ""}`;
}

export function headersFor(body: unknown): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined && !(body instanceof FormData)) headers["Content-Type"] = "application/json";
  const session = readStored(STORAGE_KEYS.sessionId);
  if (session) headers.Authorization = `sessionid ${session}`;
  return headers;
}

/** A plain value is sent as JSON; FormData as multipart. */
export function sendBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}
