/**
 * The address links sent outside the app are written with (the retailers' mobile links). The Host
 * header is the caller's to choose, so it decides nothing by itself: the configured public address
 * (PUBLIC_URL) when there is one; else the origin the request came to, only when it is on the
 * allow-list (ALLOWED_ORIGINS) or on the server's own machine (a local or demo run).
 */
import type { AppDeps } from "../context";
import { Problem } from "./problem";

export const PUBLIC_ADDRESS_MISSING =
  "The server's public address is not configured (PUBLIC_URL), so links cannot be written.";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** An http(s) origin from configuration; anything else stops the start with the variable's name. */
function originOf(value: string, variable: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value.trim());
  } catch {
    // named below
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw new Error(`${variable} must be an http or https address, such as https://fieldops.example.in`);
  return url.origin;
}

/** PUBLIC_URL and ALLOWED_ORIGINS (comma-separated) of the environment, checked. */
export function publicAddressConfig(env: NodeJS.ProcessEnv): Pick<AppDeps, "publicUrl" | "allowedOrigins"> {
  return {
    publicUrl: env.PUBLIC_URL?.trim() ? originOf(env.PUBLIC_URL, "PUBLIC_URL") : undefined,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? "")
      .split(",")
      .filter((o) => o.trim() !== "")
      .map((o) => originOf(o, "ALLOWED_ORIGINS")),
  };
}

/** The origin to write links with for a request to `requestUrl`; 503 when none may be trusted. */
export function linkOrigin(deps: AppDeps, requestUrl: string): string {
  if (deps.publicUrl) return deps.publicUrl;
  const url = new URL(requestUrl);
  if (deps.allowedOrigins?.includes(url.origin) || LOOPBACK.has(url.hostname)) return url.origin;
  throw new Problem(503, { detail: PUBLIC_ADDRESS_MISSING });
}
