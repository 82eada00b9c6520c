/**
 * The one QueryClient. React Query serves the signed-in areas; it is loaded with the dashboard shell,
 * not with the public pages, to keep the login route small.
 */
import { QueryClient } from "@tanstack/react-query";
import { shouldRetry } from "./retryPolicy";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
