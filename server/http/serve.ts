/**
 * Serves an endpoint from its declaration in the API contract (src/domain/api): the grant is
 * checked first, then the path parameters (a parameter that does not decode names no record: 404),
 * the query with the page and the JSON body are decoded by the declaration's schemas (every problem
 * at once: a 400 keyed by field), and the handler's answer is sent with the declared status. A
 * record the path names may be found before the body is read (serveFound), so that a caller who
 * may not reach it is refused whatever the body holds.
 */

import type { Schema } from "effect";
import type { Context, Hono, MiddlewareHandler } from "hono";
import {
  type AnyEndpoint,
  type Download,
  type Endpoint,
  type Multipart,
  queryValues,
} from "../../src/domain/api/endpoint";
import type { Grant } from "../../src/domain/api/grants";
import { decodePage, type FieldErrors, type Page } from "../../src/domain/shared/requestInput";
import { decodeFields } from "../../src/domain/shared/schemaErrors";
import type { AppDeps, AppEnv } from "../context";
import { type CallerOf, GUARDS } from "./grants";
import { jsonBody, NOT_FOUND, Problem } from "./problem";

type Decoded<S> = S extends Schema.Top ? S["Type"] : never;

/**
 * The declared answer with another success status than the declaration's: a call that creates a
 * record answers 200, not 201, when it found the one it would have made (an export already started).
 */
export class AnsweredWith<A> {
  constructor(
    readonly status: 200 | 201,
    readonly body: A,
  ) {}
}

/** What a handler answers: the declared answer as JSON (its encoded form), or a built response. */
type Answer<R> = R extends Download
  ? Response
  : R extends Schema.Top
    ? R["Encoded"] | AnsweredWith<R["Encoded"]>
    : never;

export type Request<E extends Endpoint> = {
  readonly c: Context<AppEnv>;
  readonly caller: CallerOf<E["grant"]>;
  readonly params: Decoded<E["params"]>;
  readonly query: Decoded<E["query"]>;
  readonly body: E["body"] extends Multipart ? Record<string, unknown> : Decoded<E["body"]>;
  /** The requested page when the endpoint is paged (page 1 of the default size otherwise). */
  readonly page: Page;
};

/** What is known of a request before its body is read. */
export type Located<E extends Endpoint> = Omit<Request<E>, "body">;

function decodedOr<S extends Schema.Top>(
  schema: S,
  raw: unknown,
  refuse: (errors: FieldErrors) => Problem,
  nested = false,
) {
  const decoded = decodeFields(schema, raw, { nested });
  if (!decoded.ok) throw refuse(decoded.errors);
  return decoded.value;
}

async function formBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody();
  } catch {
    throw new Problem(400, { non_field_errors: ["Send the request as a multipart form."] });
  }
}

export function serve<E extends Endpoint>(
  app: Hono<AppEnv>,
  deps: AppDeps,
  e: E,
  handler: (request: Request<E>) => Promise<Answer<E["response"]>>,
  ...before: MiddlewareHandler<AppEnv>[]
): void {
  serveFound(app, deps, e, async () => undefined, handler, ...before);
}

/**
 * As serve, with the record the path names found (`find`) before the body is read: a record the
 * caller may not reach is refused (403, 404) whatever the body holds, for the access check comes
 * before the input check. The handler gets it as `found`.
 */
export function serveFound<E extends Endpoint, F>(
  app: Hono<AppEnv>,
  deps: AppDeps,
  e: E,
  find: (request: Located<E>) => Promise<F>,
  handler: (request: Request<E> & { readonly found: F }) => Promise<Answer<E["response"]>>,
  ...before: MiddlewareHandler<AppEnv>[]
): void {
  const guard = GUARDS[e.grant as Grant] as (
    c: Context<AppEnv>,
    deps: AppDeps,
    e: AnyEndpoint,
  ) => Promise<CallerOf<E["grant"]>>;
  const handle: MiddlewareHandler<AppEnv> = async (c) => {
    const caller = await guard(c, deps, e as AnyEndpoint);
    const params = decodedOr(e.params, c.req.param(), () => new Problem(404, { ...NOT_FOUND }));
    const raw = queryValues(new URL(c.req.url).searchParams);
    const query = decodedOr(e.query, raw, (errors) => new Problem(400, errors));
    // An endpoint that is not paged reads no page parameters: its page is the default one.
    const read = e.paged
      ? decodePage(asText(raw.page), asText(raw["page-size"]))
      : decodePage(undefined, undefined);
    if (!read.ok) throw new Problem(400, read.errors);
    const page = read.page;
    const located = { c, caller, params, query, page } as Located<E>;
    const found = await find(located);
    const body =
      e.body === undefined
        ? undefined
        : isMultipart(e.body)
          ? await formBody(c)
          : decodedOr(e.body, await jsonBody(c.req), (errors) => new Problem(400, errors), e.nested);
    const answer = await handler({ ...located, body, found } as Request<E> & { found: F });
    if (answer instanceof Response) return answer;
    if (answer instanceof AnsweredWith) return c.json(answer.body as object, answer.status);
    if (e.status === 204) return c.body(null, 204);
    return c.json(answer as object, e.status);
  };
  // Hono's overloads type a fixed number of handlers; the middleware before it varies per endpoint.
  const on = app.on.bind(app) as (method: string, path: string, ...h: MiddlewareHandler<AppEnv>[]) => void;
  on(e.method, e.path, ...before, handle);
}

const asText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const isMultipart = (body: unknown): body is Multipart =>
  typeof body === "object" && body !== null && (body as { _tag?: unknown })._tag === "Multipart";
