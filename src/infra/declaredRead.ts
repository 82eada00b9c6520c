/**
 * A public GET of the contract whose answer is checked by its shape (./answerShape) rather than by
 * the HTTP module: for the one read an entry page makes before the user does anything, so the page
 * loads neither Effect nor the contract's schemas for it. It is sent and its failure reported as the
 * HTTP module does (the same base, headers, timeout and failure hook).
 */
import { detailOf, parseBody } from "./answerBody";
import { type AnswerShape, decodeShape } from "./answerShape";
import { httpConfig } from "./config";
import { httpHooks } from "./httpHooks";
import { readStored, STORAGE_KEYS } from "./storage";

/** A declared read, as the build derives it from its endpoint (scripts/answer-shapes-plugin.ts). */
export type DeclaredRead = {
  readonly method: "GET";
  /** Relative to the API base, as the HTTP module takes it: "config/". */
  readonly path: string;
  readonly shape: AnswerShape;
};

/** An answer that is not a success: its status. */
export class ReadRefused extends Error {
  override readonly name = "ReadRefused";
  constructor(readonly status: number) {
    super(`The server answered ${status}`);
  }
}

export async function readDeclared<A>(read: DeclaredRead, signal?: AbortSignal): Promise<A> {
  const startedOn = httpHooks().currentPath();
  const base = httpConfig.baseUrl.endsWith("/") ? httpConfig.baseUrl : `${httpConfig.baseUrl}/`;
  const timeout = AbortSignal.timeout(httpConfig.timeoutMs);
  const session = readStored(STORAGE_KEYS.sessionId);
  const response = await fetch(`${base}${read.path}`, {
    method: read.method,
    credentials: "include",
    headers: { Accept: "application/json", ...(session ? { Authorization: `sessionid ${session}` } : {}) },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const payload = parseBody(await response.text());
  if (response.status < 200 || response.status > 299) {
    httpHooks().failed({
      status: response.status,
      body: payload,
      detail: detailOf(payload) ?? null,
      startedOn,
    });
    throw new ReadRefused(response.status);
  }
  return decodeShape<A>(read.shape, payload, `${read.method} ${read.path}`);
}
