/** The forgot-password answers the machine tells apart: a spent code and a throttled send are values. */
import { Effect } from "effect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CODE_SPENT_DETAIL } from "../../src/domain/auth/auth";
import { forgotSendCode, forgotVerifyCode } from "../../src/infra/api/auth";
import { formOutcome, verifyOutcome } from "../../src/infra/api/authOutcomes";
import { configureHttp } from "../../src/infra/httpHooks";
import { fakeFetch, MemoryStorage } from "./fakes";

beforeEach(() => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  configureHttp({ currentPath: () => "/forgot-password" });
});
afterEach(() => vi.unstubAllGlobals());

describe("forgot-password outcomes", () => {
  it("a spent code comes back as spent with the server's words", async () => {
    fakeFetch({ status: 400, body: { code: "code_spent", code_value: [CODE_SPENT_DETAIL] } });
    const outcome = await Effect.runPromise(
      verifyOutcome(forgotVerifyCode({ login_username: "a", code: "1" })),
    );
    expect(outcome).toEqual({ type: "spent", detail: CODE_SPENT_DETAIL });
  });

  it("a wrong code stays an invalid answer with its field line", async () => {
    fakeFetch({ status: 400, body: { code_value: ["Invalid or expired code."] } });
    const outcome = await Effect.runPromise(
      verifyOutcome(forgotVerifyCode({ login_username: "a", code: "1" })),
    );
    expect(outcome).toEqual({
      type: "invalid",
      fieldErrors: { code_value: ["Invalid or expired code."] },
      detail: null,
    });
  });

  it("a throttled send is shown on the form, not treated as a failure", async () => {
    fakeFetch({
      status: 429,
      body: { code: "throttled", detail: "Too many codes were requested. Try again in 15 minutes." },
    });
    const outcome = await Effect.runPromise(formOutcome(forgotSendCode({ login_username: "a" })));
    expect(outcome).toEqual({
      type: "invalid",
      fieldErrors: {},
      detail: "Too many codes were requested. Try again in 15 minutes.",
    });
  });
});
