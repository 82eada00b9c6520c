/**
 * Signing in and the account's own calls (spec 000 §7.4, §7.6; 002 §7): the application's settings,
 * password and one-time-code sign-in, the forgotten and expired password, the signed-in user's
 * details, sessions and password, and the access lists of who manages users. Every text field is
 * one line per problem, as the sign-in forms show it.
 */
import { Schema } from "effect";
import {
  AppConfig,
  DetailResponse,
  ForgotVerifyCodeResponse,
  LoginResponse,
  UserInfoResponse,
} from "../auth/auth";
import { OTP_PURPOSE_USER_LOGIN } from "../auth/otpLogin";
import { UserSessions } from "../auth/profile";
import { LOGIN_METHOD_PASSWORD, LOGIN_METHOD_PHONE_OTP } from "../shared/loginMethods";
import { MAX_PASSWORD_LENGTH, MAX_TOKEN_LENGTH, MAX_USERNAME_LENGTH } from "../shared/requestInput";
import { endpoint } from "./endpoint";
import { OptionalText, RequiredText } from "./fields";
import { OrganisationId, PermissionId, RoleId, UserId } from "./ids";
import { paginated } from "./paginated";

/** A base64 RSA-OAEP ciphertext of a 4096-bit key is 684 characters; anything longer is not one. */
export const MAX_CIPHERTEXT_LENGTH = 1024;

const Username = RequiredText(MAX_USERNAME_LENGTH);
const Password = RequiredText(MAX_PASSWORD_LENGTH);
const Token = RequiredText(MAX_TOKEN_LENGTH);
/** The platform a session is for; which platforms a call takes is the handler's rule. */
const Platform = OptionalText(MAX_TOKEN_LENGTH);
const ByCode = OptionalText(MAX_TOKEN_LENGTH, (method) => method === LOGIN_METHOD_PHONE_OTP);

export const health = endpoint({
  summary: "Whether the server answers",
  method: "GET",
  path: "/health/",
  grant: "public",
  response: Schema.Struct({ status: Schema.Literal("ok") }),
});

export const appConfig = endpoint({
  summary: "The mode, the single sign-on providers and the key sign-in codes are encrypted with",
  method: "GET",
  path: "/config/",
  grant: "public",
  response: AppConfig,
});

/** What a sign-in is for (spec 002 §3, §7): user_login, the one purpose, when named. */
const Purpose = OptionalText(MAX_TOKEN_LENGTH, (purpose) => purpose === OTP_PURPOSE_USER_LOGIN);

/** Sign-in with a password (method_of_login password, the default). */
export const PasswordSignIn = Schema.Struct({
  login_username: Username,
  password: Password,
  method_of_login: OptionalText(MAX_TOKEN_LENGTH, (method) => method === LOGIN_METHOD_PASSWORD),
  purpose: Purpose,
  platform: Platform,
});

/** Step 1 of the one-time-code sign-in (method_of_login phone_otp): the number a code will go to. */
export const CodeSignInStep = Schema.Struct({
  login_username: Username,
  method_of_login: ByCode,
  platform: Platform,
});

/** The answer to step 1: the masked number the code will go to. */
export const OtpLoginStepResponse = Schema.Struct({
  login_username: Schema.String,
  user_data: Schema.Struct({ phone_number: Schema.String }),
});
export type OtpLoginStepResponse = typeof OtpLoginStepResponse.Type;

/**
 * The login address takes either body, told apart by `method_of_login`: the handler decodes it with
 * PasswordSignIn or CodeSignInStep, and answers a session or the masked number.
 */
export const login = endpoint({
  summary: "Signs in with a password, or starts a sign-in with a one-time code",
  method: "POST",
  path: "/auth/login/",
  grant: "public",
  body: Schema.Record(Schema.String, Schema.Unknown),
  response: Schema.Union([LoginResponse, OtpLoginStepResponse]),
  refusals: [400, 429],
});

export const OtpSendResponse = Schema.Struct({
  detail: Schema.String,
  resend_after_seconds: Schema.Number,
});

/** Platform web is the staff two-step sign-in: the code goes to the account whose password step passed. */
export const otpSend = endpoint({
  summary: "Sends a sign-in code to a mobile number",
  method: "POST",
  path: "/auth/otp/send/",
  grant: "public",
  body: Schema.Struct({
    login_username: Username,
    method_of_login: ByCode,
    purpose: Purpose,
    platform: Platform,
  }),
  response: OtpSendResponse,
  refusals: [400, 429],
});

export const otpVerify = endpoint({
  summary: "Signs in with the code sent, encrypted with the server's key",
  method: "POST",
  path: "/auth/otp/verify/",
  grant: "public",
  body: Schema.Struct({
    login_username: Username,
    method_of_login: ByCode,
    platform: Platform,
    password: RequiredText(MAX_CIPHERTEXT_LENGTH),
  }),
  response: LoginResponse,
  refusals: [400],
});

export const userInfo = endpoint({
  summary: "The signed-in user's details and permissions",
  method: "GET",
  path: "/auth/info/",
  grant: "signedIn",
  response: UserInfoResponse,
});

export const logout = endpoint({
  summary: "Ends this session",
  method: "POST",
  path: "/auth/logout/",
  grant: "signedIn",
  response: DetailResponse,
});

/** Granted by a live session or by the one-use conflict cookie a 451 set: the handler tells which. */
export const logoutAll = endpoint({
  summary: "Ends every session of the user",
  method: "POST",
  path: "/auth/logout/all/",
  grant: "public",
  response: DetailResponse,
});

export const forgotSendCode = endpoint({
  summary: "Sends a password reset code, answering alike whether the account exists",
  method: "POST",
  path: "/auth/forgot/send-code/",
  grant: "public",
  body: Schema.Struct({ login_username: Username }),
  response: DetailResponse,
  refusals: [400, 429],
});

export const forgotVerifyCode = endpoint({
  summary: "Exchanges the reset code for a one-use reset token",
  method: "POST",
  path: "/auth/forgot/verify-code/",
  grant: "public",
  body: Schema.Struct({ login_username: Username, code: Token }),
  response: ForgotVerifyCodeResponse,
  refusals: [400],
});

export const forgotChangePassword = endpoint({
  summary: "Sets a new password with the reset token",
  method: "POST",
  path: "/auth/forgot/change-password/",
  grant: "public",
  body: Schema.Struct({
    login_username: Username,
    reset_token: Token,
    new_password: Password,
    confirm_password: Password,
  }),
  response: DetailResponse,
  refusals: [400],
});

export const passwordExpiryChange = endpoint({
  summary: "Replaces an expired password, checked like a sign-in",
  method: "POST",
  path: "/auth/password-expiry/change/",
  grant: "public",
  body: Schema.Struct({
    login_username: Username,
    old_password: Password,
    new_password: Password,
    confirm_password: Password,
  }),
  response: DetailResponse,
  refusals: [400, 429],
});

export const passwordChange = endpoint({
  summary: "The signed-in staff user's own new password, checked like a sign-in",
  method: "POST",
  path: "/auth/password/change/",
  grant: "staffSelf",
  body: Schema.Struct({ old_password: Password, new_password: Password, confirm_password: Password }),
  response: DetailResponse,
  refusals: [400, 429],
});

export const mySessions = endpoint({
  summary: "The signed-in staff user's live sessions, this one marked",
  method: "GET",
  path: "/auth/sessions/",
  grant: "staffSelf",
  response: UserSessions,
});

export const endOtherSessions = endpoint({
  summary: "Ends the user's sessions other than this one",
  method: "POST",
  path: "/auth/sessions/end-others/",
  grant: "staffSelf",
  response: Schema.Struct({ detail: Schema.String, ended: Schema.Number }),
});

export const accessUsers = endpoint({
  summary: "Users with their organisation and roles; a client organisation's own users only",
  method: "GET",
  path: "/auth/users/",
  grant: "manageUsers",
  paged: true,
  response: paginated(
    Schema.Struct({
      id: UserId,
      username: Schema.String,
      name: Schema.String,
      email: Schema.NullOr(Schema.String),
      phone_number: Schema.NullOr(Schema.String),
      is_active: Schema.Boolean,
      organisation: Schema.Struct({ id: OrganisationId, name: Schema.String, kind: Schema.String }),
      roles: Schema.Array(Schema.String),
    }),
  ),
  refusals: [400],
});

export const accessRoles = endpoint({
  summary: "Roles with their permissions",
  method: "GET",
  path: "/auth/roles/",
  grant: "manageUsers",
  paged: true,
  response: paginated(
    Schema.Struct({
      id: RoleId,
      name: Schema.String,
      display_name: Schema.String,
      permissions: Schema.Array(Schema.String),
    }),
  ),
  refusals: [400],
});

export const accessPermissions = endpoint({
  summary: "Every permission",
  method: "GET",
  path: "/auth/permissions/",
  grant: "manageUsers",
  paged: true,
  response: paginated(Schema.Struct({ id: PermissionId, name: Schema.String })),
  refusals: [400],
});
