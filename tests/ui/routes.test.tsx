import { render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { RESOURCES } from "../../src/domain/admin/resourceCatalogue";
import type { UserDetails } from "../../src/domain/auth/auth";
import { DASHBOARD_MENU, dashboardMenuFor, MACHINES_PATH } from "../../src/domain/shell/menu";
import { ROUTES } from "../../src/domain/shell/routes";
import { BUILT_PATTERNS, isBuiltPath } from "../../src/ui/routes/allBuilt";
import RouteTable, { inDashboardShell } from "../../src/ui/routes/RouteTable";
import { projectManager } from "./fixtures";

/** A catalogue route whose screen is not built yet, and its path with its parameters filled with 1. */
const UNBUILT_ROUTE = ROUTES.find((r) => !BUILT_PATTERNS.includes(r.pattern));
const UNBUILT = (UNBUILT_ROUTE?.pattern ?? "").replace(/:\w+\??/g, "1");

const session = vi.hoisted(() => ({ user: null as UserDetails | null, signOut: vi.fn() }));

vi.mock("../../src/ui/session/SessionGate", () => ({
  useCurrentUser: () => session.user,
  useSignOut: () => session.signOut,
}));
// The sign-in screens are another part's; here only which one the table picks matters.
vi.mock("../../src/ui/auth/LoginScreen", () => ({ default: () => <h1>Login screen</h1> }));
vi.mock("../../src/ui/auth/ForgotPasswordScreen", () => ({ default: () => <h1>Forgot password screen</h1> }));
vi.mock("../../src/ui/auth/ResetPasswordScreen", () => ({ default: () => <h1>Reset password screen</h1> }));
vi.mock("../../src/ui/auth/PasswordExpiryScreen", () => ({ default: () => <h1>Password expiry screen</h1> }));

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook}>
      <RouteTable />
    </Router>,
  );
  return { ...view, location };
}

const headingText = async () => (await screen.findByRole("heading", { level: 1 })).textContent;

beforeEach(() => {
  session.user = null;
  session.signOut.mockReset();
});

describe("the route table", () => {
  it("registers only catalogue patterns as built", () => {
    const patterns = new Set(ROUTES.map((r) => r.pattern));
    expect(BUILT_PATTERNS.filter((p) => !patterns.has(p))).toEqual([]);
  });

  it("offers a menu entry only when the route table builds its screen", () => {
    const everything = {
      permissions: DASHBOARD_MENU.flatMap((e) => e.anyOf),
      organisation: { kind: "internal" as const },
    };
    const offered = dashboardMenuFor(everything, isBuiltPath).map((e) => e.to);
    const built = new Set([...BUILT_PATTERNS, MACHINES_PATH]);
    const firstBuilt = DASHBOARD_MENU.flatMap(
      (e) => [e.to, ...(e.pages ?? [])].find((p) => built.has(p)) ?? [],
    );
    expect(offered).toEqual(firstBuilt);
    expect(isBuiltPath("/dashboard/list-of-outlets?page=2")).toBe(true);
    expect(isBuiltPath(UNBUILT)).toBe(false);
  });

  it("links every list to its built bulk upload", () => {
    const unlinked = RESOURCES.flatMap((def) => {
      const upload = def.routes.list && `${def.routes.list}/bulk-upload`;
      if (!upload || !BUILT_PATTERNS.includes(upload)) return [];
      return (def.related ?? []).some((r) => r.path === upload) ? [] : [upload];
    });
    expect(unlinked).toEqual([]);
  });

  it("shows the honest Page not found for a catalogue route that is not built yet", async () => {
    // Inside the dashboard shell the page is a signed-in user's.
    if (UNBUILT_ROUTE && inDashboardShell(UNBUILT_ROUTE)) session.user = projectManager;
    renderAt(UNBUILT);
    expect(await headingText()).toBe("Page not found");
    expect(screen.getByText("This page is part of the product, but it does not exist yet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go back home" }).getAttribute("href")).toBe("/");
    await waitFor(() => expect(document.title).toBe("Page not found · Retail Scan"));
  });

  it("shows Page not found for an unknown address, saying there is no such page", async () => {
    renderAt("/no/such/page");
    expect(await headingText()).toBe("Page not found");
    expect(screen.getByText(/There is no page at this address/)).toBeTruthy();
    expect(screen.queryByText(/does not exist yet/)).toBeNull();
  });

  it("matches exactly: a trailing extra segment is not the page", async () => {
    renderAt("/login/extra");
    expect(await headingText()).toBe("Page not found");
    expect(screen.queryByText("Login screen")).toBeNull();
    expect(screen.getByText(/There is no page at this address/)).toBeTruthy();
  });

  it("renders the built sign-in screens at their paths", async () => {
    for (const [path, heading] of [
      ["/login", "Login screen"],
      ["/forgot-password", "Forgot password screen"],
      ["/reset-password", "Reset password screen"],
      ["/change-password-expiry", "Password expiry screen"],
    ] as const) {
      const view = renderAt(path);
      expect(await headingText()).toBe(heading);
      view.unmount();
    }
  });

  it("sends / to the login page when signed out", async () => {
    const { location } = renderAt("/");
    await waitFor(() => expect(location.history.at(-1)).toBe("/login"));
    expect(await headingText()).toBe("Login screen");
  });

  it("sends / to the dashboard when signed in", async () => {
    session.user = projectManager;
    const { location } = renderAt("/");
    await waitFor(() => expect(location.history.at(-1)).toBe("/dashboard"));
    expect(await headingText()).toBe("Welcome, Priya Sharma");
  });

  it("renders the dashboard home inside the shell with the user's real details", async () => {
    session.user = projectManager;
    renderAt("/dashboard");
    expect(await headingText()).toBe("Welcome, Priya Sharma");
    const main = screen.getByRole("main");
    expect(main.textContent).toContain("Retail Scan");
    expect(main.textContent).toContain("project-manager-dashboard-permission");
    expect(main.textContent).toContain("project-manager-workflow-permission");
    expect(screen.getByRole("navigation", { name: "Dashboard areas" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Dashboard · Retail Scan"));
  });

  it("shows a dashboard page that is not built yet inside the shell", async () => {
    session.user = projectManager;
    renderAt("/dashboard/quick-app-embed");
    expect(await headingText()).toBe("Page not found");
    expect(screen.getByText("This page is part of the product, but it does not exist yet.")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Dashboard areas" })).toBeTruthy();
    expect(screen.getAllByRole("main")).toHaveLength(1);
  });

  it("shows an unknown address under /dashboard inside the shell too, and exact matching holds there", async () => {
    session.user = projectManager;
    renderAt("/dashboard/my-downloads/extra");
    expect(await headingText()).toBe("Page not found");
    expect(screen.getByText(/There is no page at this address/)).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Dashboard areas" })).toBeTruthy();
  });

  it("sends a signed-out visitor of a dashboard page to the login page", async () => {
    const { location } = renderAt("/dashboard/reports");
    await waitFor(() => expect(location.history.at(-1)).toBe("/login"));
  });

  it("keeps the mobile performance views out of the dashboard shell", async () => {
    renderAt("/dashboard/pp-outlet-invoice/RS000009/77");
    expect(await headingText()).toBe("Invoices");
    expect(screen.queryByRole("navigation", { name: "Dashboard areas" })).toBeNull();
    expect(
      inDashboardShell({
        pattern: "/dashboard/pp-outlet-invoice/:slug/:master_id?",
        area: "mobile",
        title: "",
        spec: "",
      }),
    ).toBe(false);
  });

  it("prefers the specific route to the general one", async () => {
    session.user = projectManager;
    renderAt("/dashboard/client-reports/12/images");
    // client-reports/:outletID/images, not :reportTitle/:outletID/images ("Report images").
    await waitFor(() => expect(document.title).toBe("Client report images · Retail Scan"));
  });
});
