/**
 * Calls an endpoint of the API contract (src/domain/api): the path, query and body are encoded by
 * the declaration's schemas and the answer decoded by its response schema, so the client cannot
 * send or read a shape the server does not declare.
 */
import { type Effect, Schema } from "effect";
import { type Endpoint, type Multipart, pathWith } from "../domain/api/endpoint";
import { type ApiError, type Query, request } from "./http";

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
  };

type Answer<E extends Endpoint> = E["response"] extends Schema.Top ? E["response"]["Type"] : never;

const encode = (schema: Schema.Top, value: unknown): unknown =>
  Schema.encodeUnknownSync(schema as unknown as Schema.Codec<unknown, unknown>)(value);

export function call<E extends Endpoint>(e: E, input: CallInput<E>): Effect.Effect<Answer<E>, ApiError> {
  const params = encode(e.params, input.params ?? {}) as Record<string, string>;
  const query = input.query === undefined ? undefined : (encode(e.query, input.query) as Query);
  const body =
    input.body === undefined || input.body instanceof FormData
      ? input.body
      : encode(e.body as Schema.Top, input.body);
  return request({
    method: e.method,
    path: pathWith(e.path, params).replace(/^\//, ""),
    query,
    page: input.page,
    body,
    headers: input.headers,
    schema: e.response as unknown as Schema.Decoder<Answer<E>>,
  });
}
