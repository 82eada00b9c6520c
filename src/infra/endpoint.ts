/**
 * Calls an endpoint of the API contract (src/domain/api): the path, query and body are encoded by
 * the declaration's schemas and the answer decoded by its response schema, so the client cannot
 * send or read a shape the server does not declare.
 */
import { Effect, type Schema } from "effect";
import type { Endpoint, Multipart } from "../domain/api/endpoint";
import { pathWith } from "../domain/api/paths";
import { encodeFields } from "../domain/shared/schemaErrors";
import { type ApiError, type Query, request, ValidationError } from "./http";

type TypeOf<S> = S extends Schema.Top ? S["Type"] : never;
type NoFields<S> = S extends Schema.Top ? (keyof S["Type"] extends never ? true : false) : true;

/** What a call gives: only the parts its endpoint declares. */
export type CallInput<E extends Endpoint> = (NoFields<E["params"]> extends true
  ? { params?: undefined }
  : { params: TypeOf<E["params"]> }) &
  (NoFields<E["query"]> extends true ? { query?: undefined } : { query: TypeOf<E["query"]> }) &
  (E["body"] extends undefined
    ? { body?: undefined }
    : E["body"] extends Multipart
      ? { body: FormData }
      : { body: TypeOf<E["body"]> }) & {
    /** The table's page (paged endpoints). */
    page?: { page: number; pageSize: number };
    /** Headers of this call alone (the retailer link's access token). */
    headers?: Readonly<Record<string, string>>;
    /** Failure statuses the caller shows inline; the notice bar is not told of them. */
    shownInline?: readonly number[];
  };

type Answer<E extends Endpoint> = E["response"] extends Schema.Top ? E["response"]["Type"] : never;

/**
 * Sends a call: each part is encoded by its schema first, and a part that does not fit is refused
 * here with the 400 the server would give for it (the same schema, the same lines).
 */
export function call<E extends Endpoint>(e: E, input: CallInput<E>): Effect.Effect<Answer<E>, ApiError> {
  const params = encodeFields(e.params, input.params ?? {});
  const query = input.query === undefined ? undefined : encodeFields(e.query, input.query);
  const body =
    input.body === undefined || input.body instanceof FormData
      ? ({ ok: true, value: input.body } as const)
      : encodeFields(e.body as Schema.Top, input.body, { nested: e.nested });
  for (const part of [params, query, body])
    if (part && !part.ok) return Effect.fail(new ValidationError({ status: 400, body: part.errors }));
  return request({
    method: e.method,
    path: pathWith(e.path, (params.ok ? params.value : {}) as Record<string, string>).replace(/^\//, ""),
    query: query?.ok ? (query.value as Query) : undefined,
    page: input.page,
    body: body.ok ? body.value : undefined,
    headers: input.headers,
    shownInline: input.shownInline,
    schema: e.response as unknown as Schema.Decoder<Answer<E>>,
  });
}
