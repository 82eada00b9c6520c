/**
 * Auth calls whose expected failures come back as values for the machines (a 400's field errors,
 * a locked account, a 451 conflict, an expired password); only the unexpected stays an error.
 */
import { Effect } from "effect";
import {
  CODE_SPENT,
  CODE_SPENT_DETAIL,
  type FieldErrors,
  type FormOutcome,
  type LoginOutcome,
  type LoginRequest,
  type VerifyCodeOutcome,
} from "../../domain/auth/auth";
import { type ApiError, detailOf } from "../http";
import { takeSessionConflict } from "../sessionConflict";
import { login, userInfo } from "./auth";

/** The field lists of a 400 body; `detail` and `code` are not fields. */
export function fieldErrorsOf(body: unknown): FieldErrors {
  if (typeof body !== "object" || body === null) return {};
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === "detail" || field === "code") continue;
    out[field] = Array.isArray(value) ? value.map(String) : [String(value)];
  }
  return out;
}

const invalid = (body: unknown) => ({
  type: "invalid" as const,
  fieldErrors: fieldErrorsOf(body),
  detail: detailOf(body) ?? null,
});

/**
 * Logs in and, on success, reads the signed-in user's details with the new session; a two-step
 * account's right password is the second step, not yet a session.
 */
export function loginOutcome(
  request: LoginRequest,
  keepSession: (sessionId: string, username: string) => void,
): Effect.Effect<LoginOutcome, ApiError> {
  const attempt = Effect.flatMap(login(request), (response) => {
    if (response.two_step === true) {
      return Effect.succeed<LoginOutcome>({
        type: "secondStep",
        phoneNumber: response.user_data.phone_number ?? "",
      });
    }
    if (response.password_expired || !response.sessionid) {
      return Effect.succeed<LoginOutcome>({ type: "passwordExpired", username: response.username });
    }
    keepSession(response.sessionid, response.username);
    return Effect.map(
      userInfo(),
      (info): LoginOutcome => ({ type: "signedIn", response, user: info.user_details }),
    );
  });
  return Effect.catch(attempt, (error): Effect.Effect<LoginOutcome, ApiError> => {
    switch (error._tag) {
      case "ValidationError":
        return Effect.succeed(invalid(error.body));
      case "SessionConflict":
        // The login screen shows it now; the stored copy is for screens reached by navigation.
        takeSessionConflict();
        return Effect.succeed({ type: "conflict", body: error.body });
      case "HttpError":
        if (error.status === 429) {
          return Effect.succeed({
            type: "locked",
            detail: detailOf(error.body) ?? "Too many failed attempts.",
          });
        }
        return Effect.fail(error);
      default:
        return Effect.fail(error);
    }
  });
}

export function formOutcome<A extends { detail: string }>(
  effect: Effect.Effect<A, ApiError>,
): Effect.Effect<FormOutcome, ApiError> {
  return Effect.catch(
    Effect.map(effect, (a): FormOutcome => ({ type: "ok", detail: a.detail })),
    (error): Effect.Effect<FormOutcome, ApiError> => {
      if (error._tag === "ValidationError") return Effect.succeed(invalid(error.body));
      // A throttled request (too many codes asked for) is an answer the form shows, not a failure.
      if (error._tag === "HttpError" && error.status === 429)
        return Effect.succeed({ type: "invalid", fieldErrors: {}, detail: detailOf(error.body) ?? null });
      return Effect.fail(error);
    },
  );
}

export function verifyOutcome(
  effect: Effect.Effect<{ reset_token: string }, ApiError>,
): Effect.Effect<VerifyCodeOutcome, ApiError> {
  return Effect.catch(
    Effect.map(effect, (a): VerifyCodeOutcome => ({ type: "verified", resetToken: a.reset_token })),
    (error): Effect.Effect<VerifyCodeOutcome, ApiError> => {
      if (error._tag !== "ValidationError") return Effect.fail(error);
      const body = error.body as { code?: unknown; code_value?: unknown } | null;
      if (body?.code === CODE_SPENT) {
        const line = Array.isArray(body.code_value) ? body.code_value[0] : undefined;
        return Effect.succeed({ type: "spent", detail: typeof line === "string" ? line : CODE_SPENT_DETAIL });
      }
      return Effect.succeed(invalid(error.body));
    },
  );
}
