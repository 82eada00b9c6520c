/**
 * How the link's pages read their answer: a phone opening the link loads no React Query for one
 * read per page (docs/retailer-portal.md, Budget). The answer is a declared read checked by the shape
 * derived from its endpoint (src/infra/api/mobileLink.ts), failing as the HTTP module's calls do, and
 * a failure that may pass by itself is tried once more, as React Query would.
 */
import { useEffect, useState } from "react";
import type { LinkSource } from "../../infra/api/mobileLink";
import { shouldRetry } from "../retryPolicy";

/** What a page shows of a read: the same fields as React Query's result, so one view serves both. */
export type Answer<A> = { isPending: boolean; isError: boolean; data: A | undefined };

const PENDING = { isPending: true, isError: false, data: undefined } as const;
/** React Query's first retry delay. */
const RETRY_DELAY_MS = 1000;

export function useLinkAnswer<A>(
  read: (source: LinkSource, signal: AbortSignal) => Promise<A>,
  source: LinkSource,
) {
  const [answer, setAnswer] = useState<Answer<A>>(PENDING);
  const { slug, token } = source;
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const attempt = (failures: number): Promise<A> =>
      read({ kind: "link", slug, token }, signal).catch(async (error: unknown) => {
        if (signal.aborted || !shouldRetry(failures, error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        return attempt(failures + 1);
      });
    setAnswer(PENDING);
    attempt(0).then(
      (data) => {
        if (!signal.aborted) setAnswer({ isPending: false, isError: false, data });
      },
      () => {
        if (!signal.aborted) setAnswer({ isPending: false, isError: true, data: undefined });
      },
    );
    return () => controller.abort();
  }, [read, slug, token]);
  return answer;
}
