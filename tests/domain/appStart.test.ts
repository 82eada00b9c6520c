import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPublicPath, startDecision } from "../../src/domain/auth/appStart";
import { loginPathFor } from "../../src/domain/shared/routePatterns";
import { isMobileViewPath } from "../../src/domain/shell/routes";

describe("application start (spec 002 §2.1)", () => {
  it("open_store goes to the app store before anything else", () => {
    expect(
      startDecision({ path: "/dashboard", search: "?open_store=true", storedUserName: "admin" }),
    ).toEqual({
      type: "openStore",
    });
  });

  it("mobile view paths need no staff session", () => {
    expect(isMobileViewPath("/dashboard/pp-outlet-details/acme")).toBe(true);
    expect(isMobileViewPath("/dashboard/pp-outlet-details/acme/42")).toBe(true);
    expect(isMobileViewPath("/dashboard/earnings/pp-outlet-earning/acme/42")).toBe(true);
    expect(isMobileViewPath("/dashboard/list-of-outlets")).toBe(false);
    expect(
      startDecision({ path: "/dashboard/pp-outlet-invoice/acme", search: "", storedUserName: null }),
    ).toEqual({
      type: "mobileView",
    });
  });

  it("a stored user name fetches the user; without one, protected pages go to the right login", () => {
    expect(startDecision({ path: "/dashboard", search: "", storedUserName: "qc.manager" })).toEqual({
      type: "fetchUser",
    });
    expect(startDecision({ path: "/dashboard", search: "", storedUserName: null })).toEqual({
      type: "redirect",
      to: "/login",
    });
    expect(startDecision({ path: "/retailers/outlets-list", search: "", storedUserName: null })).toEqual({
      type: "redirect",
      to: "/retailers/login",
    });
    expect(startDecision({ path: "/eMyTrack/dashboard", search: "", storedUserName: null })).toEqual({
      type: "redirect",
      to: "/eMyTrack/login",
    });
  });

  it("public pages render without a session", () => {
    for (const path of [
      "/login",
      "/forgot-password",
      "/reset-password",
      "/retailers/otp",
      "/eMyTrack/verify-otp",
    ]) {
      expect(isPublicPath(path)).toBe(true);
      expect(startDecision({ path, search: "", storedUserName: null })).toEqual({ type: "publicPage" });
    }
    expect(loginPathFor("/retailersx")).toBe("/login");
  });

  it("the demo-mode Machines area opens without a session; the dashboard's one does not", () => {
    for (const path of ["/dev/machines", "/dev/machines/", "/dev/machines/outletWorkflow_retail_audit"]) {
      expect(isPublicPath(path), path).toBe(true);
    }
    for (const path of ["/dev/machines/a/b", "/dev/machinesx", "/dashboard/machines"]) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });

  it("any path and query gives a decision, never a throw", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.option(fc.string(), { nil: null }),
        (path, search, storedUserName) => {
          const decision = startDecision({ path, search, storedUserName });
          expect(["openStore", "mobileView", "fetchUser", "publicPage", "redirect"]).toContain(decision.type);
        },
      ),
    );
  });
});
