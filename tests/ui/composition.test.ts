import { Effect, Schema } from "effect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../src/domain/shared/messages";
import { HttpError, NetworkError, request, Unauthorized } from "../../src/infra/http";
import { peekSignInReturn } from "../../src/infra/signInReturn";
import { compose } from "../../src/ui/composition";
import { createQueryClient } from "../../src/ui/queryClient";
import { shouldRetry } from "../../src/ui/retryPolicy";
import { type AppServices, notificationsOf, sessionOf } from "../../src/ui/services";
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
  const snapshot = notificationsOf(services.application).getSnapshot();
  return snapshot.matches("shown") ? [snapshot.context.kind, snapshot.context.text] : null;
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
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
    startApplication(sessionOf(services.application));
    answer(400, { detail: "Invalid OTP." });
    await call();
    expect(notice()).toEqual(["failed", "Invalid OTP."]);
    sessionStarted(sessionOf(services.application), "token", projectManager);
    expect(notice()).toBeNull();
  });

  it("sends a 401 outside the login page to the root, to sign in again and come back", async () => {
    window.history.pushState(null, "", "/dashboard/list-of-outlets?page=3");
    answer(401, { detail: "Authentication credentials were not provided." });
    await call();
    expect(window.location.pathname).toBe("/");
    expect(notice()).toBeNull();
    expect(peekSignInReturn()).toEqual({
      path: "/dashboard/list-of-outlets?page=3",
      userName: null,
      sessionEnded: true,
    });
    expect(MSG.sessionEnded).toBe("Your session has ended. Please sign in again.");
  });

  it("remembers whose session ended under a page, so only that user returns to it", async () => {
    window.history.pushState(null, "", "/dashboard/manage-payout");
    sessionStarted(sessionOf(services.application), "token", projectManager);
    answer(401, { detail: "Authentication credentials were not provided." });
    await call();
    expect(peekSignInReturn()).toEqual({
      path: "/dashboard/manage-payout",
      userName: projectManager.username,
      sessionEnded: true,
    });
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

describe("the session child acts on a 401 or a 451 in one place (spec 000 §8, 002 §4)", () => {
  const conflict = {
    code: "session_conflict",
    detail: "You are already logged in on another device. Logout all sessions to continue.",
    login_username: "a",
    platform: "web",
    active_sessions: 1,
  };

  it("sends a 401 in the field auditor's or the retailer's area to that group's login", async () => {
    for (const [page, login] of [
      ["/eMyTrack/pending-list", "/eMyTrack/login"],
      ["/retailers/success", "/retailers/login"],
    ]) {
      window.history.pushState(null, "", page);
      answer(401, {});
      await call();
      expect(window.location.pathname).toBe(login);
    }
  });

  it("shows a 401's detail on the login page and stays there", async () => {
    window.history.pushState(null, "", "/login");
    answer(401, { detail: "Session expired." });
    await call();
    expect(window.location.pathname).toBe("/login");
    expect(notice()).toEqual(["failed", "Session expired."]);
  });

  it("leaves the other sign-in pages alone on a 401", async () => {
    for (const page of ["/retailers/login", "/eMyTrack/login", "/eMyTrack/verify-otp"]) {
      window.history.pushState(null, "", page);
      answer(401, {});
      await call();
      expect(window.location.pathname).toBe(page);
    }
    expect(notice()).toBeNull();
  });

  it("a 401 answered after the page went to the login page neither navigates nor shows the detail", async () => {
    window.history.pushState(null, "", "/dashboard");
    sessionStorage.setItem("sessionid", "s");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        window.history.pushState(null, "", "/login");
        return new Response(JSON.stringify({ detail: "Authentication credentials were not provided." }), {
          status: 401,
        });
      }),
    );
    await call();
    expect(window.location.pathname).toBe("/login");
    expect(notice()).toBeNull();
    expect(peekSignInReturn().sessionEnded).toBe(false);
  });

  it("keeps a 451 answering the login itself and stays on the login page", async () => {
    window.history.pushState(null, "", "/login");
    const before = window.history.length;
    answer(451, conflict);
    await call();
    expect(window.location.pathname).toBe("/login");
    expect(window.history.length).toBe(before);
    expect(localStorage.getItem("451")).not.toBeNull();
  });

  it("sends a 451 on the eMyTrack pages to the eMyTrack login", async () => {
    window.history.pushState(null, "", "/eMyTrack/dashboard");
    answer(451, conflict);
    await call();
    expect(window.location.pathname).toBe("/eMyTrack/login");
  });

  it("stores a 451 with an unexpected body too, and goes to the login page", async () => {
    window.history.pushState(null, "", "/dashboard");
    answer(451, { something: "else" });
    await call();
    expect(localStorage.getItem("451")).toBe('{"something":"else"}');
    expect(window.location.pathname).toBe("/login");
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
