import { vi } from "vitest";

/** An in-memory Storage, so the storage module runs in Node as in the browser. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

/** Statuses whose responses cannot carry a body. */
const NULL_BODY = new Set([204, 205, 304]);

export type FakeAnswer = { status: number; body?: unknown; text?: string };

export type Call = { url: string; init: RequestInit };

/** Replaces global fetch with one answering `answer` and recording every call. */
export function fakeFetch(answer: FakeAnswer | ((call: Call) => FakeAnswer)) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    const { status, body, text } = typeof answer === "function" ? answer(call) : answer;
    const payload = NULL_BODY.has(status) ? null : (text ?? (body === undefined ? "" : JSON.stringify(body)));
    return new Response(payload, { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fn);
  return { calls, fn };
}

/** A fetch that never answers until its signal aborts (then rejects like the real one). */
export function hangingFetch() {
  const aborted: boolean[] = [];
  const fn = vi.fn(
    (_input: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => {
          aborted.push(true);
          reject(new DOMException("The operation was aborted.", "AbortError"));
        });
      }),
  );
  vi.stubGlobal("fetch", fn);
  return { fn, aborted };
}

export function headerOf(call: Call | undefined, name: string): string | undefined {
  const headers = (call?.init.headers ?? {}) as Record<string, string>;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}
