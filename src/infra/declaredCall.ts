/**
 * A declared call with parts (the retailer link's access check and its pages' reads): its path
 * parameters, query and body are encoded by their shapes as the HTTP module's `call` encodes them by
 * their schemas, then it is sent by ./declaredRead. A call whose parts do not fit is handed to the
 * HTTP module, which refuses it in its schemas' words without sending it, as for any call.
 */
import { pathWith } from "../domain/api/paths";
import { type AnswerShape, fitShape } from "./answerShape";
import { type DeclaredRead, sendDeclared } from "./declaredRead";
import type { Query } from "./requestParts";

/** What a call gives besides its endpoint, as the HTTP module's `call` takes it. */
export type DeclaredInput = {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Query;
  readonly body?: unknown;
  /** Headers of this call alone (the retailer link's access token). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
};

/** The shape of a part that declares no fields: any object, of which nothing is sent. */
const NO_FIELDS: AnswerShape = { type: "object", properties: {} };

/** The parts as their schemas encode them (the HTTP module's `call`), or null when one does not fit. */
function encodedParts(read: DeclaredRead, input: DeclaredInput) {
  const params = fitShape(read.params ?? NO_FIELDS, input.params ?? {});
  const query =
    input.query === undefined ? { value: undefined } : fitShape(read.query ?? NO_FIELDS, input.query);
  const body =
    input.body === undefined ? { value: undefined } : read.body ? fitShape(read.body, input.body) : null;
  if (!params || !query || !body) return null;
  return {
    params: params.value as Record<string, string>,
    query: query.value as Query | undefined,
    body: body.value,
  };
}

async function viaHttpModule<A>(read: DeclaredRead, input: DeclaredInput): Promise<A> {
  if (!read.declaration) throw new Error(`${read.method} ${read.path} declares no such part`);
  const [declaration, { call }, { runApi }] = await Promise.all([
    read.declaration(),
    import("./endpoint"),
    import("./http"),
  ]);
  const { signal, ...parts } = input;
  return runApi(call(declaration, parts as Parameters<typeof call>[1]), { signal }) as Promise<A>;
}

export async function callDeclared<A>(read: DeclaredRead, input: DeclaredInput = {}): Promise<A> {
  const parts = encodedParts(read, input);
  if (!parts) return viaHttpModule(read, input);
  const { headers, signal } = input;
  const path = pathWith(read.path, parts.params);
  return sendDeclared<A>(read, { path, query: parts.query, body: parts.body, headers, signal });
}
