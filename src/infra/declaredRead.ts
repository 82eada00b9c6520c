/**
 * A call of the contract sent without the HTTP module and checked by the shape of its answer
 * (./answerShape): for the few calls an entry page makes before the user does anything (the login
 * page's configuration; the retailer link's access check and its pages' reads, whose parts
 * ./declaredCall encodes first), so the page loads neither Effect nor the contract's schemas for
 * them. It is sent and fails as the HTTP module does: the same address, headers, body, timeout and
 * failure hook, and the same errors (./apiErrors, loaded when a call fails, so a page whose calls
 * succeed loads none of them); it is given up when its signal aborts.
 */
import type { AnyEndpoint, Method } from "../domain/api/endpoint";
import { MSG } from "../domain/shared/messages";
import { detailOf, parseBody } from "./answerBody";
import { type AnswerShape, fitShape } from "./answerShape";
import { httpConfig } from "./config";
import { httpHooks } from "./httpHooks";
import { buildUrl, headersFor, type Query, sendBody } from "./requestParts";

/** A declared read, as the build derives it from its endpoint (scripts/answer-shapes-plugin.ts). */
export type DeclaredRead = {
  readonly method: Method;
  /** Relative to the API base, with its `:name` parameters, as the HTTP module takes it: "config/". */
  readonly path: string;
  /** The shapes of the parts the endpoint declares fields for; a part without one has none. */
  readonly params?: AnswerShape;
  readonly query?: AnswerShape;
  readonly body?: AnswerShape;
  readonly response: AnswerShape;
  /** The endpoint's declaration, loaded only for a call whose parts do not fit their shapes. */
  readonly declaration?: () => Promise<AnyEndpoint>;
};

/** What a declared call sends, its parts encoded: the path filled in, the query and body as sent. */
export type DeclaredRequest = {
  readonly path: string;
  readonly query?: Query;
  readonly body?: unknown;
  /** Headers of this call alone (the retailer link's access token). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
};

// The errors are in the HTTP module's file on the portal and in the page's own on the retailer's
// link (its retry rule reads them), so this import moves nothing, as the bundler notes: a page whose
// calls succeed fetches them only where it needs them anyway.
const failures = () => import("./apiErrors");

export async function sendDeclared<A>(read: DeclaredRead, request: DeclaredRequest): Promise<A> {
  const { path, query, body, signal } = request;
  const startedOn = httpHooks().currentPath();
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), httpConfig.timeoutMs);
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(buildUrl(path, query), {
      method: read.method,
      credentials: "include",
      headers: { ...headersFor(body), ...request.headers },
      body: sendBody(body),
      signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
    });
    payload = response.status === 204 ? null : parseBody(await response.text());
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    const { messageOf, NetworkError, Timeout } = await failures();
    throw timeout.signal.aborted
      ? new Timeout({ message: MSG.requestTimedOut })
      : new NetworkError({ message: messageOf(e) });
  } finally {
    clearTimeout(timer);
  }
  // 2xx, including 201 Created and 204 No Content, is success (spec 000 §7.1).
  if (response.status < 200 || response.status > 299) {
    httpHooks().failed({
      status: response.status,
      body: payload,
      detail: detailOf(payload) ?? null,
      startedOn,
    });
    const { failureFor } = await failures();
    // A session conflict's body is decoded with its Schema, by the HTTP module loaded then: only the
    // sign-in calls answer one.
    const conflict = response.status === 451 ? (await import("./http")).sessionConflictOf(payload) : null;
    throw failureFor(response.status, payload, conflict);
  }
  const answer = fitShape(read.response, payload);
  if (answer) return answer.value as A;
  const { DecodeError } = await failures();
  throw new DecodeError({ message: `Unexpected answer from ${read.method} ${path}`, body: payload });
}

/** A declared read without parts (the configuration). */
export const readDeclared = <A>(read: DeclaredRead, signal?: AbortSignal): Promise<A> =>
  sendDeclared<A>(read, { path: read.path, signal });
