/**
 * Shapes of the auth endpoint family (spec 000 §7.4, 002 §3 and §7) shared by the client
 * and the reference server. Decoded at the infra boundary only. The platforms and login methods
 * are in ./loginMethods, the field-error reading in ./fieldMessages.
 */
import { Schema } from "effect";
import { OrganisationId, OutboxMessageId, UserId } from "../api/ids";
import { resultsOf } from "../api/paginated";

/** POST auth/login/ */
export const LoginRequest = Schema.Struct({
  login_username: Schema.String,
  password: Schema.String,
  method_of_login: Schema.String,
  platform: Schema.String,
  purpose: Schema.optional(Schema.String),
});
export type LoginRequest = typeof LoginRequest.Type;

/**
 * Successful login. When the password has expired no session is made: `password_expired` is true,
 * `sessionid` is null and the user is sent to the password expiry change.
 */
export const LoginResponse = Schema.Struct({
  sessionid: Schema.NullOr(Schema.String),
  username: Schema.String,
  password_expired: Schema.Boolean,
  user_data: Schema.Struct({ phone_number: Schema.NullOr(Schema.String) }),
  /**
   * The account signs in in two steps: the password was right, no session is made yet, and the
   * code goes to the (masked) number in user_data (docs/auth.md).
   */
  two_step: Schema.optional(Schema.Boolean),
});
export type LoginResponse = typeof LoginResponse.Type;

/** Error body of any auth call: a field error list, a code and/or a detail text. */
export const AuthErrorBody = Schema.Struct({
  detail: Schema.optional(Schema.String),
  code: Schema.optional(Schema.String),
  login_username: Schema.optional(Schema.Array(Schema.String)),
  password: Schema.optional(Schema.Array(Schema.String)),
  new_password: Schema.optional(Schema.Array(Schema.String)),
  code_value: Schema.optional(Schema.Array(Schema.String)),
});
export type AuthErrorBody = typeof AuthErrorBody.Type;

/**
 * Body of a 451 (another active session of this user on this platform). The client stores it
 * under key 451; the login screen shows `detail` and offers "Logout All Session", which calls
 * auth/logout/all/ with an empty body: the server recognises the caller by the HttpOnly
 * conflict cookie it set alongside this response.
 */
export const SessionConflictBody = Schema.Struct({
  code: Schema.Literal("session_conflict"),
  detail: Schema.String,
  login_username: Schema.String,
  platform: Schema.String,
  active_sessions: Schema.Number,
});
export type SessionConflictBody = typeof SessionConflictBody.Type;

export const OrganisationKind = Schema.Literals(["internal", "client"]);

export const UserDetails = Schema.Struct({
  id: UserId,
  username: Schema.String,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone_number: Schema.NullOr(Schema.String),
  organisation: Schema.Struct({ id: OrganisationId, name: Schema.String, kind: OrganisationKind }),
  roles: Schema.Array(Schema.String),
  permissions: Schema.Array(Schema.String),
  considered_workflow_permission: Schema.NullOr(Schema.String),
});
export type UserDetails = typeof UserDetails.Type;

/** GET auth/info/ */
export const UserInfoResponse = Schema.Struct({ user_details: UserDetails });
export type UserInfoResponse = typeof UserInfoResponse.Type;

/** Any action response (spec 000 §3). */
export const DetailResponse = Schema.Struct({ detail: Schema.String });
export type DetailResponse = typeof DetailResponse.Type;

/** POST auth/forgot/send-code/ */
export const ForgotSendCodeRequest = Schema.Struct({ login_username: Schema.String });
/** POST auth/forgot/verify-code/ → a one-use reset token. */
export const ForgotVerifyCodeRequest = Schema.Struct({ login_username: Schema.String, code: Schema.String });
export const ForgotVerifyCodeResponse = Schema.Struct({ reset_token: Schema.String, detail: Schema.String });
/** POST auth/forgot/change-password/ */
export const ForgotChangePasswordRequest = Schema.Struct({
  login_username: Schema.String,
  reset_token: Schema.String,
  new_password: Schema.String,
  confirm_password: Schema.String,
});
/** POST auth/password-expiry/change/ */
export const PasswordExpiryChangeRequest = Schema.Struct({
  login_username: Schema.String,
  old_password: Schema.String,
  new_password: Schema.String,
  confirm_password: Schema.String,
});

/** GET dev/outbox/ (development mode only): messages a real gateway would have delivered. */
export const OutboxMessage = Schema.Struct({
  id: OutboxMessageId,
  channel: Schema.Literals(["email", "sms"]),
  recipient: Schema.String,
  subject: Schema.String,
  body: Schema.String,
  created: Schema.String,
});
export const OutboxResponse = resultsOf(OutboxMessage);
export type OutboxMessage = typeof OutboxMessage.Type;

/** A single sign-on provider the server was configured with; the login screen shows one button each. */
export const SsoProvider = Schema.Struct({
  id: Schema.String,
  label: Schema.String,
  start_url: Schema.String,
});
export type SsoProvider = typeof SsoProvider.Type;
/** GET config/ : what the client needs before sign-in. */
export const AppConfig = Schema.Struct({
  mode: Schema.Literals(["demo", "production"]),
  sso_providers: Schema.Array(SsoProvider),
  dev_outbox: Schema.Boolean,
  /** SPKI of the RSA key sign-in codes are encrypted with (RSA-OAEP, SHA-256), base64. */
  otp_public_key: Schema.String,
});
export type AppConfig = typeof AppConfig.Type;

/** Field errors of a 400, keyed by field name, as the server sends them. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/**
 * What a login attempt came to. Expected business answers are values, not errors, so the
 * sign-in machine gives each its own transition.
 */
export type LoginOutcome =
  | { readonly type: "signedIn"; readonly response: LoginResponse; readonly user: UserDetails }
  | { readonly type: "invalid"; readonly fieldErrors: FieldErrors; readonly detail: string | null }
  | { readonly type: "locked"; readonly detail: string }
  | { readonly type: "passwordExpired"; readonly username: string }
  | { readonly type: "conflict"; readonly body: SessionConflictBody }
  /** The password was right and the account confirms with a code sent to this masked number. */
  | { readonly type: "secondStep"; readonly phoneNumber: string };

/** What a form submission (code, reset, password change) came to. */
export type FormOutcome =
  | { readonly type: "ok"; readonly detail: string }
  | { readonly type: "invalid"; readonly fieldErrors: FieldErrors; readonly detail: string | null };

/** The answer to a code tried after too many wrong ones: only a new code helps. */
export const CODE_SPENT = "code_spent";
export const CODE_SPENT_DETAIL =
  "This code was entered wrongly too many times and can no longer be used. Send a new code.";

/** Code verification gives the reset token on success. */
export type VerifyCodeOutcome =
  | { readonly type: "verified"; readonly resetToken: string }
  | { readonly type: "spent"; readonly detail: string }
  | { readonly type: "invalid"; readonly fieldErrors: FieldErrors; readonly detail: string | null };
