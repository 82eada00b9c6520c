import { Effect, Schema } from "effect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpError, NetworkError, request, Unauthorized } from "../../src/infra/http";
import { compose } from "../../src/ui/composition";
import { notify } from "../../src/ui/notifications/notifier";
import { createQueryClient, shouldRetry } from "../../src/ui/queryClient";

vi.mock("../../src/ui/notifications/notifier", () => ({ notify: vi.fn() }));

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

const call = () => Effect.runPromiseExit(request({ path: "auth/info/", schema: Schema.Unknown }));

beforeEach(() => {
  vi.mocked(notify).mockReset();
  compose();
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("the composition root wires the HTTP rules to the router and the notifications", () => {
  it("shows an error's detail as a FAILED notification", async () => {
    answer(400, { detail: "Invalid username or password." });
    await call();
    expect(vi.mocked(notify).mock.calls).toEqual([["failed", "Invalid username or password."]]);
  });

  it("sends a 401 outside the login page to the root through the router", async () => {
    window.history.pushState(null, "", "/dashboard/reports");
    answer(401, {});
    await call();
    expect(window.location.pathname).toBe("/");
  });

  it("leaves the login page alone on a 401", async () => {
    window.history.pushState(null, "", "/login");
    answer(401, {});
    await call();
    expect(window.location.pathname).toBe("/login");
  });

  it("stores a 451 and goes to the login page", async () => {
    window.history.pushState(null, "", "/dashboard");
    const conflict = {
      code: "session_conflict",
      detail: "You are already logged in on another device. Logout all sessions to continue.",
      login_username: "a",
      platform: "web",
      active_sessions: 1,
    };
    answer(451, conflict);
    await call();
    expect(window.location.pathname).toBe("/login");
    expect(JSON.parse(localStorage.getItem("451") ?? "null")).toEqual(conflict);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe("query retries", () => {
  it("retry once only what may pass by itself", () => {
    expect(shouldRetry(0, new NetworkError({ message: "offline" }))).toBe(true);
    expect(shouldRetry(0, new HttpError({ status: 503, body: null }))).toBe(true);
    expect(shouldRetry(1, new NetworkError({ message: "offline" }))).toBe(false);
    expect(shouldRetry(0, new HttpError({ status: 404, body: null }))).toBe(false);
    expect(shouldRetry(0, new Unauthorized({ body: null }))).toBe(false);
    expect(shouldRetry(0, new Error("plain"))).toBe(false);
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetry);
  });
});
