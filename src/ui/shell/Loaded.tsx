/**
 * A screen's read in its moments: loading, failed (with Retry), and read. A read of one record named
 * in the address may answer 404, which is Page not found rather than a failure to retry.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorStatus, isApiError } from "../../infra/http";
import NotFound from "../errors/NotFound";
import Loading from "./Loading";

export const isNotFound = (error: unknown) => isApiError(error) && errorStatus(error) === 404;

export function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div className="page">
      <p role="alert" className="notice">
        {what} could not be loaded.
      </p>
      <button type="button" className="button" onClick={retry}>
        Retry
      </button>
    </div>
  );
}

export function Loaded<T>({
  query,
  what,
  notFound = false,
  children,
}: {
  query: UseQueryResult<T>;
  /** The read's name in the failure notice: "The report" could not be loaded. */
  what: string;
  /** A 404 means the record is not there: Page not found. */
  notFound?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (notFound && isNotFound(query.error)) return <NotFound />;
    return <LoadFailed what={what} retry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
