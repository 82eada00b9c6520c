import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { OrganisationId } from "../../src/domain/api/ids";
import type { UserDetails } from "../../src/domain/auth/auth";
import { badgeLetter, CLICK_MENU_CLOSE_MS } from "../../src/domain/shared/widgets";
import DashboardShell from "../../src/ui/shell/DashboardShell";
import UserBadge from "../../src/ui/shell/UserBadge";
import { projectManager, qcManager } from "./fixtures";

const session = vi.hoisted(() => ({ user: null as UserDetails | null, signOut: vi.fn() }));

vi.mock("../../src/ui/session/SessionGate", () => ({
  useCurrentUser: () => session.user,
  useSignOut: () => session.signOut,
}));

function renderShell(path = "/dashboard") {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <DashboardShell>
        <h1>Page body</h1>
      </DashboardShell>
    </Router>,
  );
  return location;
}

beforeEach(() => {
  session.user = qcManager;
  session.signOut.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the dashboard shell", () => {
  it("has a header with the product name, the side menu and the page", () => {
    renderShell();
    expect(screen.getByRole("banner").textContent).toContain("Retail Scan");
    expect(screen.getByRole("main").textContent).toContain("Page body");
    expect(screen.getByRole("navigation", { name: "Dashboard areas" })).toBeTruthy();
  });

  it("collapses the side menu from 14% to 6% and back, with aria-expanded", () => {
    renderShell();
    const nav = screen.getByRole("navigation", { name: "Dashboard areas" });
    const toggle = screen.getByRole("button", { name: "Side menu" });
    expect(nav.style.getPropertyValue("--side-menu-width")).toBe("14%");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-controls")).toBe(nav.id);
    fireEvent.click(toggle);
    expect(nav.style.getPropertyValue("--side-menu-width")).toBe("6%");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(nav.style.getPropertyValue("--side-menu-width")).toBe("14%");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
  });

  it("links to the areas the user has, marking the current one", () => {
    renderShell("/dashboard/ifsc-verification");
    const nav = screen.getByRole("navigation", { name: "Dashboard areas" });
    const labels = [...nav.querySelectorAll("a")].map(
      (a) => a.querySelector(".side-menu-label")?.textContent,
    );
    // Reports and Allocation are offered once their screens are built (the route table's rule).
    expect(labels).toEqual([
      "Home",
      "Projects",
      "Outlets",
      "Collected bills",
      "Invoices",
      "Reports",
      "Allocation",
      "Verification",
      "My downloads",
    ]);
    const current = nav.querySelector('[aria-current="page"]');
    // The Verification area opens its first built screen, Account verification.
    expect(current?.getAttribute("href")).toBe("/dashboard/account-verification");
  });

  it("marks the area's entry on pages below it: the outlet page, upload screens", () => {
    const currentLabel = (path: string) => {
      const { unmount } = render(
        <Router hook={memoryLocation({ path }).hook}>
          <DashboardShell>
            <h1>Page body</h1>
          </DashboardShell>
        </Router>,
      );
      const nav = screen.getByRole("navigation", { name: "Dashboard areas" });
      const marked = [...nav.querySelectorAll('[aria-current="page"]')].map(
        (a) => a.querySelector(".side-menu-label")?.textContent,
      );
      unmount();
      return marked;
    };
    session.user = projectManager;
    expect(currentLabel("/dashboard/list-of-outlets/view/rs000001")).toEqual(["Outlets"]);
    expect(currentLabel("/dashboard/projects/view-list/acme-ra/view/acme-ra-1/bulk-upload")).toEqual([
      "Projects",
    ]);
    expect(
      currentLabel(
        "/dashboard/organization-users-roles/organization-view/acme-beverages/list-of-regions/bulk-upload",
      ),
    ).toEqual(["Organisations"]);
    expect(currentLabel("/dashboard/meta/cities-list/bulk-upload")).toEqual(["States and cities"]);
    expect(currentLabel("/dashboard/message")).toEqual(["Messaging"]);
    expect(currentLabel("/dashboard/my-downloads")).toEqual(["My downloads"]);
    expect(currentLabel("/dashboard")).toEqual(["Home"]);
    expect(currentLabel("/dashboard/view-all")).toEqual([]);
  });

  it("offers a client user only the shared areas, its bills and its reports", () => {
    session.user = {
      ...projectManager,
      organisation: { id: OrganisationId.make(2), name: "Acme Beverages", kind: "client" },
      roles: ["client-manager"],
      permissions: ["client-manager-dashboard-permission"],
    };
    renderShell();
    const nav = screen.getByRole("navigation", { name: "Dashboard areas" });
    expect([...nav.querySelectorAll(".side-menu-label")].map((e) => e.textContent)).toEqual([
      "Home",
      "Projects",
      "Collected bills",
      "Invoices",
      "Reports",
      "My downloads",
    ]);
  });

  it("sends a signed-out visitor to the login page", () => {
    session.user = null;
    const location = renderShell();
    expect(location.history.at(-1)).toBe("/login");
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});

describe("the user badge (spec 000 §2.5)", () => {
  it("shows the first letter in a circle and the name", () => {
    renderShell();
    const badge = screen.getByRole("button", { name: "Meera Kulkarni (qc.manager)" });
    expect(badge.querySelector(".user-badge-letter")?.textContent).toBe("M");
    expect(badge.querySelector(".user-badge-name")?.textContent).toBe("Meera Kulkarni");
    expect(badgeLetter({ name: "  ishaan", username: "x" })).toBe("I");
    expect(badgeLetter({ name: "", username: "zed" })).toBe("Z");
  });

  it("opens a menu holding Logout, which signs out", () => {
    renderShell();
    const badge = screen.getByRole("button", { name: "Meera Kulkarni (qc.manager)" });
    expect(badge.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(badge);
    expect(badge.getAttribute("aria-expanded")).toBe("true");
    const logout = screen.getByRole("menuitem", { name: "Logout" });
    expect(document.activeElement).toBe(logout);
    fireEvent.click(logout);
    expect(session.signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("closes the menu on Escape and gives focus back to the badge", () => {
    const signOut = vi.fn();
    render(<UserBadge user={{ name: "Asha Admin", username: "admin" }} onSignOut={signOut} />);
    const badge = screen.getByRole("button", { name: "Asha Admin (admin)" });
    fireEvent.click(badge);
    fireEvent.keyDown(screen.getByRole("menuitem", { name: "Logout" }), { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(badge);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("closes the menu 400 ms after the pointer leaves it", () => {
    vi.useFakeTimers();
    render(<UserBadge user={{ name: "Asha Admin", username: "admin" }} onSignOut={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Asha Admin (admin)" }));
    const root = screen.getByRole("menu").closest(".user-badge") as HTMLElement;
    fireEvent.pointerLeave(root);
    act(() => {
      vi.advanceTimersByTime(CLICK_MENU_CLOSE_MS - 1);
    });
    expect(screen.queryByRole("menu")).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(CLICK_MENU_CLOSE_MS).toBe(400);
  });
});
