import { QueryClient } from "@tanstack/react-query";
import { Effect, Exit } from "effect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  appConfig,
  forgotChangePassword,
  forgotSendCode,
  forgotVerifyCode,
  login,
  logout,
  logoutAll,
  passwordExpiryChange,
  userInfo,
} from "../../src/infra/api/auth";
import { appConfigQuery, authKeys, userInfoQuery } from "../../src/infra/api/authQueries";
import { configureHttp } from "../../src/infra/httpHooks";
import { type Call, fakeFetch, MemoryStorage } from "./fakes";

const user = {
  id: 7,
  username: "qc.manager",
  name: "Meera Kulkarni",
  email: "meera@example.com",
  phone_number: null,
  organisation: { id: 1, name: "Retail Scan", kind: "internal" },
  roles: ["qc-manager"],
  permissions: ["qc-manager-dashboard-permission", "qc-manager-workflow-permission"],
  considered_workflow_permission: "qc-manager-workflow-permission",
};

beforeEach(() => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  configureHttp({ currentPath: () => "/login" });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const bodyOf = (call: Call | undefined): unknown => JSON.parse(String(call?.init.body));

describe("auth calls: method, path, payload and decoding", () => {
  const cases = [
    {
      name: "login",
      run: () =>
        login({ login_username: "qc.manager", password: "p", method_of_login: "password", platform: "web" }),
      method: "POST",
      path: "/api/auth/login/",
      answer: {
        sessionid: "s1",
        username: "qc.manager",
        password_expired: false,
        user_data: { phone_number: null },
      },
      sent: { login_username: "qc.manager", password: "p", method_of_login: "password", platform: "web" },
    },
    {
      name: "logout",
      run: logout,
      method: "POST",
      path: "/api/auth/logout/",
      answer: { detail: "Logged out." },
    },
    {
      name: "logoutAll",
      run: logoutAll,
      method: "POST",
      path: "/api/auth/logout/all/",
      answer: { detail: "All sessions logged out." },
    },
    {
      name: "userInfo",
      run: userInfo,
      method: "GET",
      path: "/api/auth/info/",
      answer: { user_details: user },
    },
    {
      name: "forgotSendCode",
      run: () => forgotSendCode({ login_username: "a" }),
      method: "POST",
      path: "/api/auth/forgot/send-code/",
      answer: { detail: "sent" },
      sent: { login_username: "a" },
    },
    {
      name: "forgotVerifyCode",
      run: () => forgotVerifyCode({ login_username: "a", code: "123456" }),
      method: "POST",
      path: "/api/auth/forgot/verify-code/",
      answer: { reset_token: "r", detail: "ok" },
      sent: { login_username: "a", code: "123456" },
    },
    {
      name: "forgotChangePassword",
      run: () =>
        forgotChangePassword({
          login_username: "a",
          reset_token: "r",
          new_password: "N",
          confirm_password: "N",
        }),
      method: "POST",
      path: "/api/auth/forgot/change-password/",
      answer: { detail: "changed" },
      sent: { login_username: "a", reset_token: "r", new_password: "N", confirm_password: "N" },
    },
    {
      name: "passwordExpiryChange",
      run: () =>
        passwordExpiryChange({
          login_username: "a",
          old_password: "O",
          new_password: "N",
          confirm_password: "N",
        }),
      method: "POST",
      path: "/api/auth/password-expiry/change/",
      answer: { detail: "changed" },
      sent: { login_username: "a", old_password: "O", new_password: "N", confirm_password: "N" },
    },
    {
      name: "appConfig",
      run: appConfig,
      method: "GET",
      path: "/api/config/",
      answer: { mode: "demo", sso_providers: [], dev_outbox: true, otp_public_key: "MIIBIjAN" },
    },
  ] as const;

  for (const c of cases) {
    it(`${c.name} calls ${c.method} ${c.path} and decodes the answer`, async () => {
      const { calls } = fakeFetch({ status: 200, body: c.answer });
      const value = await Effect.runPromise(c.run() as Effect.Effect<unknown, unknown>);
      expect(value).toEqual(c.answer);
      expect(calls[0]?.url).toBe(c.path);
      expect(calls[0]?.init.method).toBe(c.method);
      if ("sent" in c) expect(bodyOf(calls[0])).toEqual(c.sent);
      else expect(calls[0]?.init.body).toBeUndefined();
    });

    it(`${c.name} fails with DecodeError on an answer of the wrong shape`, async () => {
      fakeFetch({ status: 200, body: { unexpected: true } });
      const exit = await Effect.runPromiseExit(c.run() as Effect.Effect<unknown, { _tag: string }>);
      expect(
        Exit.isFailure(exit) && exit.cause.reasons[0]?._tag === "Fail" && exit.cause.reasons[0].error,
      ).toMatchObject({
        _tag: "DecodeError",
      });
    });
  }
});

describe("query options", () => {
  it("userInfoQuery reads auth/info/ under its key without retrying", async () => {
    fakeFetch({ status: 200, body: { user_details: user } });
    const client = new QueryClient();
    const options = userInfoQuery();
    expect(options.queryKey).toEqual(authKeys.userInfo);
    expect(options.retry).toBe(false);
    await expect(client.fetchQuery(options)).resolves.toEqual({ user_details: user });
  });

  it("appConfigQuery reads config/ once for the page", async () => {
    const { calls } = fakeFetch({
      status: 200,
      body: { mode: "production", sso_providers: [], dev_outbox: false, otp_public_key: "MIIBIjAN" },
    });
    const client = new QueryClient();
    await client.fetchQuery(appConfigQuery());
    await client.fetchQuery(appConfigQuery());
    expect(calls).toHaveLength(1);
    expect(appConfigQuery().queryKey).toEqual(["config"]);
  });

  it("a failed user fetch rejects the query with the ApiError", async () => {
    fakeFetch({ status: 401, body: {} });
    const client = new QueryClient();
    await expect(client.fetchQuery(userInfoQuery())).rejects.toMatchObject({ _tag: "Unauthorized" });
  });
});
