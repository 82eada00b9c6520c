import { Effect, Schema } from "effect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../src/domain/messages";
import { HttpError, NetworkError, request, Unauthorized } from "../../src/infra/http";
import { peekSignInReturn } from "../../src/infra/signInReturn";
import { compose } from "../../src/ui/composition";
import { createQueryClient } from "../../src/ui/queryClient";
import { shouldRetry } from "../../src/ui/retryPolicy";
import type { AppServices } from "../../src/ui/services";
import { sessionStarted, startApplication } from "../../src/ui/session/sessionActor";
import { projectManager } from "./fixtures";

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

const call = () => Effect.runPromiseExit(request({ path: "auth/info/", schema: Schema.Unknown }));

let services: AppServices;
const notice = () => {
  const snapshot = services.notifications.getSnapshot();
  return snapshot.matches("shown") ? [snapshot.context.kind, snapshot.context.text] : null;
};

beforeEach(() => {
  sessionStorage.clear();
  services = compose();
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("the composition root wires the HTTP rules to the router and the notifications", () => {
  it("shows an error's detail as a FAILED notification", async () => {
    answer(400, { detail: "Invalid username or password." });
    await call();
    expect(notice()).toEqual(["failed", "Invalid username or password."]);
  });

  it("closes a sign-in attempt's FAILED notification once the sign-in succeeds", async () => {
    window.history.pushState(null, "", "/retailers/otp");
    startApplication(services.session);
    answer(400, { detail: "Invalid OTP." });
    await call();
    expect(notice()).toEqual(["failed", "Invalid OTP."]);
    sessionStarted(services.session, "token", projectManager);
    expect(notice()).toBeNull();
  });

  it("sends a 401 outside the login page to the root, to sign in again and come back", async () => {
    window.history.pushState(null, "", "/dashboard/list-of-outlets?page=3");
    answer(401, { detail: "Authentication credentials were not provided." });
    await call();
    expect(window.location.pathname).toBe("/");
    expect(notice()).toBeNull();
    expect(peekSignInReturn()).toEqual({ path: "/dashboard/list-of-outlets?page=3", sessionEnded: true });
    expect(MSG.sessionEnded).toBe("Your session has ended. Please sign in again.");
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
    expect(notice()).toBeNull();
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
