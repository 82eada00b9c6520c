/**
 * How the link's pages read their answer: a phone opening the link loads no React Query for one
 * read per page (docs/retailer-portal.md, Budget). The answer is decoded with its Schema by the HTTP
 * module as everywhere, and a failure that may pass by itself is tried once more, as React Query
 * would.
 */
import type { Effect } from "effect";
import { useEffect, useState } from "react";
import type { LinkSource, MobileSource } from "../../infra/api/mobile";
import type { ApiError } from "../../infra/http";
import { runApi } from "../../infra/http";
import { shouldRetry } from "../retryPolicy";

/** What a page shows of a read: the same fields as React Query's result, so one view serves both. */
export type Answer<A> = { isPending: boolean; isError: boolean; data: A | undefined };

const PENDING = { isPending: true, isError: false, data: undefined } as const;
/** React Query's first retry delay. */
const RETRY_DELAY_MS = 1000;

export function useLinkAnswer<A>(
  read: (source: MobileSource) => Effect.Effect<A, ApiError>,
  source: LinkSource,
) {
  const [answer, setAnswer] = useState<Answer<A>>(PENDING);
  const { slug, token } = source;
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const attempt = (failures: number): Promise<A> =>
      runApi(read({ kind: "link", slug, token }), { signal }).catch(async (error: unknown) => {
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
