/**
 * The one QueryClient. React Query serves the signed-in areas; it is loaded with the dashboard shell,
 * not with the public pages, to keep the login route small.
 */
import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "../infra/http";

/** Only failures that may pass by themselves are retried: no answer at all, or a server error. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1 || !isApiError(error)) return false;
  return error._tag === "NetworkError" || (error._tag === "HttpError" && error.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
