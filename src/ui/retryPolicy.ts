/** Which failed reads are tried again: the same rule for React Query and the link's own reads. */
import { isApiError } from "../infra/apiErrors";

/** Only failures that may pass by themselves are retried, once: no answer at all, or a server error. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1 || !isApiError(error)) return false;
  return error._tag === "NetworkError" || (error._tag === "HttpError" && error.status >= 500);
}
