/**
 * The failures of an API call (spec 000 §8), one tagged error per way a call fails. Shared by the
 * HTTP module and the entry pages' declared reads (./declaredRead), which load without Effect, so a
 * call fails the same way whichever sends it. Plain classes: Effect fails with them as with any
 * value, and `Effect.catchTag` reads their `_tag`.
 */
import type { SessionConflictBody } from "../domain/auth/auth";

/** A class of failures tagged `tag`, carrying the fields it is made with (and `message`, when given). */
function Tagged<const T extends string>(tag: T) {
  class Failure extends Error {
    readonly _tag = tag;
    constructor(fields: object) {
      super("message" in fields && typeof fields.message === "string" ? fields.message : undefined);
      Object.assign(this, fields);
    }
  }
  Failure.prototype.name = tag;
  return Failure as unknown as new <F extends object>(
    fields: F,
  ) => Error & Readonly<F> & { readonly _tag: T };
}

/** No answer within the request timeout (90 s): message "Request timed out!". */
export class Timeout extends Tagged("Timeout")<{ message: string }> {}
/** The request never got an HTTP answer (offline, DNS, CORS, connection dropped). */
export class NetworkError extends Tagged("NetworkError")<{ message: string }> {}
/** 401: no session or an expired one. */
export class Unauthorized extends Tagged("Unauthorized")<{ body: unknown }> {}
/** 403: rejected with the body. */
export class Forbidden extends Tagged("Forbidden")<{ body: unknown }> {}
/** 451: another active session (the application keeps the body under key 451 for the login screen). */
export class SessionConflict extends Tagged("SessionConflict")<{ body: SessionConflictBody }> {}
/** 400: the server's validation answer (field lists and/or detail). */
export class ValidationError extends Tagged("ValidationError")<{ status: 400; body: unknown }> {}
/** Any other non-success status. */
export class HttpError extends Tagged("HttpError")<{ status: number; body: unknown }> {}
/** A success answer that does not have the expected shape. */
export class DecodeError extends Tagged("DecodeError")<{ message: string; body: unknown }> {}

export type ApiError =
  | Timeout
  | NetworkError
  | Unauthorized
  | Forbidden
  | SessionConflict
  | ValidationError
  | HttpError
  | DecodeError;

const TAGS: ReadonlySet<unknown> = new Set<ApiError["_tag"]>([
  "Timeout",
  "NetworkError",
  "Unauthorized",
  "Forbidden",
  "SessionConflict",
  "ValidationError",
  "HttpError",
  "DecodeError",
]);

/** Type guard for promise rejections coming from runApi or a declared read. */
export function isApiError(value: unknown): value is ApiError {
  return typeof value === "object" && value !== null && "_tag" in value && TAGS.has(value._tag);
}

/** A thrown value's text, for a request that got no answer. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Spec 000 §8: the tagged error of a failed answer's status. A 451 is a session conflict when its
 * body is one (`conflict`, decoded by the caller with its Schema), any other failure otherwise.
 */
export function failureFor(status: number, body: unknown, conflict: SessionConflictBody | null): ApiError {
  if (status === 451)
    return conflict ? new SessionConflict({ body: conflict }) : new HttpError({ status, body });
  if (status === 401) return new Unauthorized({ body });
  if (status === 403) return new Forbidden({ body });
  if (status === 400) return new ValidationError({ status: 400, body });
  return new HttpError({ status, body });
}
