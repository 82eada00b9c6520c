/**
 * The one HTTP module (spec 000 §7.1 and §8): fetch wrapped in Effect, failures mapped to tagged
 * errors and nothing more; each failure is reported to the hook the composition root sets, and the
 * application decides what a 401, a 451 or a `detail` means to the page.
 */
import { Cause, Effect, Exit, Option, Schema } from "effect";
import { SessionConflictBody } from "../domain/auth/auth";
import { MSG } from "../domain/shared/messages";
import { detailOf, parseBody } from "./answerBody";
import { type ApiError, DecodeError, failureFor, messageOf, NetworkError, Timeout } from "./apiErrors";
import { httpConfig } from "./config";
import { httpHooks } from "./httpHooks";
import { buildUrl, headersFor, type Query, sendBody } from "./requestParts";

export {
  type ApiError,
  DecodeError,
  Forbidden,
  HttpError,
  isApiError,
  NetworkError,
  SessionConflict,
  Timeout,
  Unauthorized,
  ValidationError,
} from "./apiErrors";
export { buildUrl, type Query, type QueryValue } from "./requestParts";
/**
 * What a refusal's body says, the errors and the request's parts: re-exported, as the endpoint
 * modules read them from here.
 */
export { detailOf };

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

/** A 451 answer's body when it is a session conflict (spec 002 §4), decoded with its Schema. */
export function sessionConflictOf(body: unknown): SessionConflictBody | null {
  const decoded = Schema.decodeUnknownExit(SessionConflictBody)(body);
  return Exit.isSuccess(decoded) ? decoded.value : null;
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
      const conflict = response.status === 451 ? sessionConflictOf(payload) : null;
      return yield* Effect.fail(failureFor(response.status, payload, conflict));
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
