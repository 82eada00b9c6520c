/**
 * The link's pages read their answer without React Query: pending, then the answer or a failure,
 * a failure that may pass by itself tried once more (as React Query does elsewhere), and a read
 * made again only for another link or token.
 */
import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { LinkSource } from "../../src/infra/api/mobileLink";
import { HttpError, NetworkError } from "../../src/infra/apiErrors";
import { useLinkAnswer } from "../../src/ui/mobile/useLinkAnswer";

const source: LinkSource = { kind: "link", slug: "s", token: "t" };
const answer = { results: [{ id: 1 }] };

describe("useLinkAnswer", () => {
  it("is pending, then holds the answer; the read is given the link and its token", async () => {
    const read = vi.fn(async () => answer);
    const { result } = renderHook(() => useLinkAnswer(read, source));
    expect(result.current).toEqual({ isPending: true, isError: false, data: undefined });
    await waitFor(() => expect(result.current).toEqual({ isPending: false, isError: false, data: answer }));
    expect(read).toHaveBeenCalledWith(source, expect.any(AbortSignal));
  });

  it("tries a lost connection once more, then shows the answer", async () => {
    const read = vi
      .fn()
      .mockRejectedValueOnce(new NetworkError({ message: "offline" }))
      .mockResolvedValue(answer);
    const { result } = renderHook(() => useLinkAnswer(read, source));
    await waitFor(() => expect(result.current.data).toEqual(answer), { timeout: 3000 });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("fails at once on a refusal, and after one retry on a server error", async () => {
    const refused = vi.fn(() => Promise.reject(new HttpError({ status: 404, body: null })));
    const first = renderHook(() => useLinkAnswer(refused, source));
    await waitFor(() =>
      expect(first.result.current).toEqual({ isPending: false, isError: true, data: undefined }),
    );
    expect(refused).toHaveBeenCalledTimes(1);
    const broken = vi.fn(() => Promise.reject(new HttpError({ status: 503, body: null })));
    const second = renderHook(() => useLinkAnswer(broken, source));
    await waitFor(() => expect(second.result.current.isError).toBe(true), { timeout: 3000 });
    expect(broken).toHaveBeenCalledTimes(2);
  });

  it("reads again only when the link or its token changes", async () => {
    const read = vi.fn(async () => answer);
    const { result, rerender } = renderHook(({ s }) => useLinkAnswer(read, s), {
      initialProps: { s: source },
    });
    await waitFor(() => expect(result.current.data).toEqual(answer));
    rerender({ s: { ...source } });
    expect(read).toHaveBeenCalledTimes(1);
    rerender({ s: { ...source, token: "other" } });
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });
});
