/**
 * React Query options for the auth family's reads. Kept apart from the calls so the public pages,
 * which do not load React Query, can use the calls alone.
 */
import { queryOptions } from "@tanstack/react-query";
import { runApi } from "../http";
import { appConfig, userInfo } from "./auth";

/** React Query keys of this family, so writes can invalidate the right reads. */
export const authKeys = {
  config: ["config"] as const,
  userInfo: ["auth", "info"] as const,
};

/** GET config/: fixed for the life of the page. */
export const appConfigQuery = () =>
  queryOptions({
    queryKey: authKeys.config,
    queryFn: ({ signal }) => runApi(appConfig(), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET auth/info/: a failure means signed out (spec 000 §7.4), so it is not retried. */
export const userInfoQuery = () =>
  queryOptions({
    queryKey: authKeys.userInfo,
    queryFn: ({ signal }) => runApi(userInfo(), { signal }),
    retry: false,
  });
