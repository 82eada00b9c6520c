/**
 * The API contract: each endpoint is declared once, here in the domain, with its method, path, the
 * capability that grants it, the schemas of its path parameters, query, body and answer, and the
 * refusals it may answer with. The server registers and decodes its requests from the declaration
 * (server/http/serve.ts); the client calls it through the same declaration (src/infra/endpoint.ts);
 * the role x endpoint matrix reads its routes from the catalogue of declarations.
 */
import { Schema } from "effect";
import type { Grant } from "./grants";
import { pathWith } from "./paths";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A request whose body is a multipart form (file and image uploads); its handler reads the form. */
export const Multipart = { _tag: "Multipart" } as const;
export type Multipart = typeof Multipart;

/** An answer that is a file or a stream, not JSON; its handler builds the response. */
export const Download = { _tag: "Download" } as const;
export type Download = typeof Download;

/**
 * Refusals besides the grant's own 401 and 403: a 400 for bad input, 404, 409 for a record's state,
 * 451 for a sign-in while another session of the user is live, 503 when a service the call needs is
 * not configured on this server (a payment gateway).
 */
export type Refusal = 400 | 404 | 409 | 413 | 429 | 451 | 503;

/**
 * Where an endpoint's path is served: "/api" for the API's calls; "" for a page the server renders
 * at the site's root (the development outbox), opened as a link rather than called.
 */
export type Root = "/api" | "";

export const NoParams = Schema.Struct({});
export const NoQuery = Schema.Struct({});

export type Endpoint<
  P extends Schema.Top = Schema.Top,
  Q extends Schema.Top = Schema.Top,
  B extends Schema.Top | Multipart | undefined = Schema.Top | Multipart | undefined,
  R extends Schema.Top | Download = Schema.Top | Download,
  G extends Grant = Grant,
> = {
  /** What the call does, as the API documentation says it. */
  readonly summary: string;
  readonly method: Method;
  /** Relative to its root, with `:name` parameters, as Hono routes are written: "/retailer-requests/:id/". */
  readonly path: string;
  readonly root: Root;
  readonly grant: G;
  /**
   * The administered resource (src/domain/admin/resources) whose read or write permissions the grant
   * checks: the `resourceRead` and `resourceWrite` grants name it.
   */
  readonly resource?: string;
  /** Path parameters, each decoded from its text; a parameter that does not decode is a 404. */
  readonly params: P;
  /** Query parameters (a repeated key gives a list); a bad one is a 400 with its field's lines. */
  readonly query: Q;
  /** Table pagination (`page`, `page-size`, spec 000 §7.1), decoded beside the query. */
  readonly paged: boolean;
  readonly body: B;
  /**
   * A body of nested records (the answers update): each problem is keyed by its dotted field path
   * (`data_to_update.5.version`) and a field the schema does not declare is refused.
   */
  readonly nested: boolean;
  readonly response: R;
  readonly status: 200 | 201 | 204;
  readonly refusals: readonly Refusal[];
};

type Declaration<P, Q, B, R, G> = {
  summary: string;
  method: Method;
  path: string;
  root?: Root;
  grant: G;
  resource?: string;
  params?: P;
  query?: Q;
  paged?: boolean;
  body?: B;
  nested?: boolean;
  response: R;
  status?: 200 | 201 | 204;
  refusals?: readonly Refusal[];
};

export function endpoint<
  R extends Schema.Top | Download,
  P extends Schema.Top = typeof NoParams,
  Q extends Schema.Top = typeof NoQuery,
  B extends Schema.Top | Multipart | undefined = undefined,
  G extends Grant = Grant,
>(d: Declaration<P, Q, B, R, G>): Endpoint<P, Q, B, R, G> {
  const params = d.params ?? (NoParams as Schema.Top as P);
  const names = [...d.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const declared = "fields" in params ? Object.keys(params.fields as object) : [];
  if (names.join() !== [...declared].sort((a, b) => names.indexOf(a) - names.indexOf(b)).join())
    throw new Error(`${d.method} ${d.path}: path parameters ${names} but params ${declared}`);
  return {
    summary: d.summary,
    method: d.method,
    path: d.path,
    root: d.root ?? "/api",
    grant: d.grant,
    ...(d.resource === undefined ? {} : { resource: d.resource }),
    params,
    query: d.query ?? (NoQuery as Schema.Top as Q),
    paged: d.paged ?? false,
    body: d.body as B,
    nested: d.nested ?? false,
    response: d.response,
    status: d.status ?? 200,
    refusals: d.refusals ?? [],
  };
}

export type AnyEndpoint = Endpoint<
  Schema.Top,
  Schema.Top,
  Schema.Top | Multipart | undefined,
  Schema.Top | Download
>;

/** Where an endpoint is served for these parameters, as answers link to it: "/api/pp/RS1/invoices/3/pdf/". */
export const addressOf = (
  e: Pick<AnyEndpoint, "root" | "path">,
  params: Readonly<Record<string, string>>,
): string => `${e.root}${pathWith(e.path, params)}`;

/** A query's values as its schema decodes them: a key given once is a text, a repeated key a list of texts. */
export function queryValues(params: URLSearchParams): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const had = Object.hasOwn(values, key) ? values[key] : undefined;
    const next = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
    Object.defineProperty(values, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return values;
}
