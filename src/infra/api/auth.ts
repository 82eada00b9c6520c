/** The auth endpoint family (spec 000 §7.4, §7.6; 002 §7), each call decoded with the domain's Schema. */
import type { Effect } from "effect";
import {
  AppConfig,
  DetailResponse,
  type ForgotChangePasswordRequest,
  type ForgotSendCodeRequest,
  type ForgotVerifyCodeRequest,
  ForgotVerifyCodeResponse,
  type LoginRequest,
  LoginResponse,
  type PasswordExpiryChangeRequest,
  UserInfoResponse,
} from "../../domain/auth";
import { type ApiError, request } from "../http";

type In<S extends { readonly Type: unknown }> = S["Type"];

export const login = (body: LoginRequest): Effect.Effect<LoginResponse, ApiError> =>
  request({ method: "POST", path: "auth/login/", body, schema: LoginResponse });

export const logout = (): Effect.Effect<DetailResponse, ApiError> =>
  request({ method: "POST", path: "auth/logout/", body: {}, schema: DetailResponse });

/** Ends every session of the user (empty body); after a 451 the server knows the user from its conflict cookie. */
export const logoutAll = (): Effect.Effect<DetailResponse, ApiError> =>
  request({ method: "POST", path: "auth/logout/all/", body: {}, schema: DetailResponse });

export const userInfo = (): Effect.Effect<UserInfoResponse, ApiError> =>
  request({ path: "auth/info/", schema: UserInfoResponse });

export const forgotSendCode = (
  body: In<typeof ForgotSendCodeRequest>,
): Effect.Effect<DetailResponse, ApiError> =>
  request({ method: "POST", path: "auth/forgot/send-code/", body, schema: DetailResponse });

export const forgotVerifyCode = (
  body: In<typeof ForgotVerifyCodeRequest>,
): Effect.Effect<In<typeof ForgotVerifyCodeResponse>, ApiError> =>
  request({ method: "POST", path: "auth/forgot/verify-code/", body, schema: ForgotVerifyCodeResponse });

export const forgotChangePassword = (
  body: In<typeof ForgotChangePasswordRequest>,
): Effect.Effect<DetailResponse, ApiError> =>
  request({ method: "POST", path: "auth/forgot/change-password/", body, schema: DetailResponse });

export const passwordExpiryChange = (
  body: In<typeof PasswordExpiryChangeRequest>,
): Effect.Effect<DetailResponse, ApiError> =>
  request({ method: "POST", path: "auth/password-expiry/change/", body, schema: DetailResponse });

export const appConfig = (): Effect.Effect<AppConfig, ApiError> =>
  request({ path: "config/", schema: AppConfig });
