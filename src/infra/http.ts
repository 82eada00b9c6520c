/**
 * The one HTTP module (spec 000 §7.1 and §8): fetch wrapped in Effect, failures mapped to tagged
 * errors and nothing more; each failure is reported to the hook the composition root sets, and the
 * application decides what a 401, a 451 or a `detail` means to the page.
 */
import { Cause, Data, Effect, Exit, Option, Schema } from "effect";
import { SessionConflictBody } from "../domain/auth/auth";
import { MSG } from "../domain/shared/messages";
import { detailOf, parseBody } from "./answerBody";
import { httpConfig } from "./config";
import { httpHooks } from "./httpHooks";
import { readStored, STORAGE_KEYS } from "./storage";

/** What a refusal's body says: re-exported, as the endpoint modules read it with the errors. */
export { detailOf };

/** No answer within the request timeout (90 s): message "Request timed out!". */
export class Timeout extends Data.TaggedError("Timeout")<{ message: string }> {}
/** The request never got an HTTP answer (offline, DNS, CORS, connection dropped). */
export class NetworkError extends Data.TaggedError("NetworkError")<{ message: string }> {}
/** 401: no session or an expired one. */
export class Unauthorized extends Data.TaggedError("Unauthorized")<{ body: unknown }> {}
/** 403: rejected with the body. */
export class Forbidden extends Data.TaggedError("Forbidden")<{ body: unknown }> {}
/** 451: another active session (the application keeps the body under key 451 for the login screen). */
export class SessionConflict extends Data.TaggedError("SessionConflict")<{ body: SessionConflictBody }> {}
/** 400: the server's validation answer (field lists and/or detail). */
export class ValidationError extends Data.TaggedError("ValidationError")<{ status: 400; body: unknown }> {}
/** Any other non-success status. */
export class HttpError extends Data.TaggedError("HttpError")<{ status: number; body: unknown }> {}
/** A success answer that does not have the expected shape. */
export class DecodeError extends Data.TaggedError("DecodeError")<{ message: string; body: unknown }> {}

export type ApiError =
  | Timeout
  | NetworkError
  | Unauthorized
  | Forbidden
  | SessionConflict
  | ValidationError
  | HttpError
  | DecodeError;

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;
export type Query = Readonly<Record<string, QueryValue>>;

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type RequestOptions<A> = {
  method?: Method;
  /** Relative to the API base, e.g. "auth/login/". */
  path: string;
  query?: Query;
  /** Table pagination (spec 000 §7.1): sent as `page-size` and `page`. */
  page?: { page: number; pageSize: number };
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** Decodes the success body; a 204 has no body and is decoded as `null`. */
  schema: Schema.Decoder<A>;
  /** Headers of this call alone (the retailer link's access token). */
  headers?: Readonly<Record<string, string>>;
  /**
   * Failure statuses this call shows where the user is looking (a lookup's refusal beside its
   * field): the application's notice bar is not told of them, so the message shows once. Every
   * other failure still reaches it.
   */
  shownInline?: readonly number[];
};

/** For calls whose success is a 204 No Content. */
export const NoContent = Schema.Null;

/** The query parameters of a table page. */
export function pageQuery(page: number, pageSize: number): Query {
  return { "page-size": pageSize, page };
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const items: readonly (string | number | boolean)[] = Array.isArray(value) ? value : [value];
    for (const item of items) params.append(key, String(item));
  }
  const search = params.toString();
  const base = httpConfig.baseUrl.endsWith("/") ? httpConfig.baseUrl : `${httpConfig.baseUrl}/`;
  return `${base}${path.replace(/^\/+/, "")}${search ? `?${search}` : ""}`;
}

function headersFor(body: unknown): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined && !(body instanceof FormData)) headers["Content-Type"] = "application/json";
  const session = readStored(STORAGE_KEYS.sessionId);
  if (session) headers.Authorization = `sessionid ${session}`;
  return headers;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value);
  }
}

/**
 * A 400 body as "field: message" lines, the way forms and the bulk modal show server validation
 * (spec 000 §5). `detail` and `code` are left out (detail is shown as a notification); nested
 * objects give dotted field names; a bare string or list body gives its own lines.
 */
export function fieldLines(body: unknown, prefix = ""): string[] {
  if (typeof body === "string") return body && !prefix ? [body] : body ? [`${prefix}: ${body}`] : [];
  if (Array.isArray(body)) {
    return body.flatMap((item) =>
      typeof item === "object" && item !== null
        ? fieldLines(item, prefix)
        : [prefix ? `${prefix}: ${valueText(item)}` : valueText(item)],
    );
  }
  if (typeof body !== "object" || body === null) return [];
  return Object.entries(body).flatMap(([field, value]) => {
    if (!prefix && (field === "detail" || field === "code")) return [];
    const name = prefix ? `${prefix}.${field}` : field;
    if (typeof value === "object" && value !== null) return fieldLines(value, name);
    return [`${name}: ${valueText(value)}`];
  });
}

/** The field lines of a 400 answer (none for any other failure). */
export function validationLines(error: ApiError): string[] {
  return error._tag === "ValidationError" ? fieldLines(error.body) : [];
}

/** The one text that explains a failure to a person, if there is one. */
export function errorDetail(error: ApiError): string | undefined {
  switch (error._tag) {
    case "Timeout":
    case "NetworkError":
    case "DecodeError":
      return error.message;
    case "SessionConflict":
      return error.body.detail;
    default:
      return detailOf(error.body);
  }
}

/** The status an error stands for (timeouts and network failures have none). */
export function errorStatus(error: ApiError): number | undefined {
  switch (error._tag) {
    case "Unauthorized":
      return 401;
    case "Forbidden":
      return 403;
    case "SessionConflict":
      return 451;
    case "ValidationError":
    case "HttpError":
      return error.status;
    default:
      return undefined;
  }
}

/** Spec 000 §8: the tagged error of a failed answer's status. */
function failureFor(status: number, body: unknown): ApiError {
  if (status === 451) {
    const decoded = Schema.decodeUnknownExit(SessionConflictBody)(body);
    return Exit.isSuccess(decoded)
      ? new SessionConflict({ body: decoded.value })
      : new HttpError({ status, body });
  }
  if (status === 401) return new Unauthorized({ body });
  if (status === 403) return new Forbidden({ body });
  if (status === 400) return new ValidationError({ status: 400, body });
  return new HttpError({ status, body });
}

function sendBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

/** One API call: resolves with the decoded body or fails with an ApiError. Never throws. */
export function request<A>(options: RequestOptions<A>): Effect.Effect<A, ApiError> {
  const { method = "GET", path, body, schema } = options;
  const query = options.page
    ? { ...options.query, ...pageQuery(options.page.page, options.page.pageSize) }
    : options.query;
  const exchange = Effect.gen(function* () {
    const startedOn = httpHooks().currentPath();
    const init: RequestInit = { method, credentials: "include" };
    const response = yield* Effect.tryPromise({
      try: (signal) =>
        fetch(buildUrl(path, query), {
          ...init,
          headers: { ...headersFor(body), ...options.headers },
          body: sendBody(body),
          signal,
        }),
      catch: (e) => new NetworkError({ message: messageOf(e) }),
    });
    const payload =
      response.status === 204
        ? null
        : parseBody(
            yield* Effect.tryPromise({
              try: () => response.text(),
              catch: (e) => new NetworkError({ message: messageOf(e) }),
            }),
          );
    // 2xx, including 201 Created and 204 No Content, is success (spec 000 §7.1).
    if (response.status < 200 || response.status > 299) {
      if (!options.shownInline?.includes(response.status))
        httpHooks().failed({
          status: response.status,
          body: payload,
          detail: detailOf(payload) ?? null,
          startedOn,
        });
      return yield* Effect.fail(failureFor(response.status, payload));
    }
    const decoded = Schema.decodeUnknownExit(schema)(payload);
    if (Exit.isSuccess(decoded)) return decoded.value;
    return yield* Effect.fail(
      new DecodeError({ message: `Unexpected answer from ${method} ${path}`, body: payload }),
    );
  });
  return Effect.timeoutOrElse(exchange, {
    duration: httpConfig.timeoutMs,
    orElse: () => Effect.fail(new Timeout({ message: MSG.requestTimedOut })),
  });
}

/**
 * Runs an API effect as a promise (for XState `fromPromise` actors and React Query):
 * resolves with the value or rejects with the ApiError instance.
 */
export async function runApi<A>(
  effect: Effect.Effect<A, ApiError>,
  options?: { signal?: AbortSignal },
): Promise<A> {
  const exit = await Effect.runPromiseExit(effect, options?.signal ? { signal: options.signal } : undefined);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (Option.isSome(failure)) throw failure.value;
  throw Cause.squash(exit.cause);
}

/** Type guard for promise rejections coming from runApi. */
export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== "object" || value === null || !("_tag" in value)) return false;
  const tag = (value as { _tag: unknown })._tag;
  return (
    tag === "Timeout" ||
    tag === "NetworkError" ||
    tag === "Unauthorized" ||
    tag === "Forbidden" ||
    tag === "SessionConflict" ||
    tag === "ValidationError" ||
    tag === "HttpError" ||
    tag === "DecodeError"
  );
}
