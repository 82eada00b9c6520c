import { REQUEST_TIMEOUT_MS } from "../domain/shared/messages";

/** Where the API lives (spec 000 §7.1: configuration, host omitted) and how long a request may take. */
export const httpConfig = {
  baseUrl: (import.meta.env?.VITE_API_BASE as string | undefined) ?? "/api/",
  timeoutMs: REQUEST_TIMEOUT_MS,
};
