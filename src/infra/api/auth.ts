/** The auth endpoint family (spec 000 §7.4, §7.6; 002 §7), each called through the API contract. */
import { Effect } from "effect";
import * as api from "../../domain/api/auth";
import type {
  AppConfig,
  DetailResponse,
  ForgotChangePasswordRequest,
  ForgotSendCodeRequest,
  ForgotVerifyCodeRequest,
  ForgotVerifyCodeResponse,
  LoginRequest,
  LoginResponse,
  PasswordExpiryChangeRequest,
  UserInfoResponse,
} from "../../domain/auth/auth";
import { call } from "../endpoint";
import { type ApiError, DecodeError } from "../http";

type In<S extends { readonly Type: unknown }> = S["Type"];

/** The login address answers a session (this call) or, for a one-time-code body, the masked number. */
export const login = (body: LoginRequest): Effect.Effect<LoginResponse, ApiError> =>
  Effect.flatMap(call(api.login, { body }), (answer) =>
    "username" in answer
      ? Effect.succeed(answer)
      : Effect.fail(
          new DecodeError({ message: "A password sign-in answered the masked number", body: answer }),
        ),
  );

export const logout = (): Effect.Effect<DetailResponse, ApiError> => call(api.logout, {});

/** Ends every session of the user (empty body); after a 451 the server knows the user from its conflict cookie. */
export const logoutAll = (): Effect.Effect<DetailResponse, ApiError> => call(api.logoutAll, {});

export const userInfo = (): Effect.Effect<UserInfoResponse, ApiError> => call(api.userInfo, {});

export const forgotSendCode = (
  body: In<typeof ForgotSendCodeRequest>,
): Effect.Effect<DetailResponse, ApiError> => call(api.forgotSendCode, { body });

export const forgotVerifyCode = (
  body: In<typeof ForgotVerifyCodeRequest>,
): Effect.Effect<In<typeof ForgotVerifyCodeResponse>, ApiError> => call(api.forgotVerifyCode, { body });

export const forgotChangePassword = (
  body: In<typeof ForgotChangePasswordRequest>,
): Effect.Effect<DetailResponse, ApiError> => call(api.forgotChangePassword, { body });

export const passwordExpiryChange = (
  body: In<typeof PasswordExpiryChangeRequest>,
): Effect.Effect<DetailResponse, ApiError> => call(api.passwordExpiryChange, { body });

export const appConfig = (): Effect.Effect<AppConfig, ApiError> => call(api.appConfig, {});
