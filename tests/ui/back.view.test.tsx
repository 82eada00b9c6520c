/**
 * Back to list: to the list when the user can open it, otherwise where the user came from, so a
 * Back aimed at an unbuilt list, or at one the user may not read, is never a dead end.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { UserDetails } from "../../src/domain/auth/auth";
import { useBack } from "../../src/ui/routes/useBack";
import { projectManager, qcManager } from "./fixtures";

const session = vi.hoisted(() => ({ user: null as UserDetails | null }));
vi.mock("../../src/ui/session/SessionGate", () => ({ useCurrentUser: () => session.user }));

function Back({ to }: { to: string }) {
  const back = useBack(to);
  return back.href ? (
    <a href={back.href}>Back to list</a>
  ) : (
    <button type="button" onClick={back.go}>
      Back to list
    </button>
  );
}

const SUB = "/dashboard/projects/view-list/acme-retail/view/cycle-1";
const USERS = "/dashboard/organization-users-roles/organization-view/retail-scan/user-list";
/** A catalogue list whose screen is not built. */
const UNBUILT = "/dashboard/quick-app-embed";

function renderBack(to: string, user: UserDetails) {
  session.user = user;
  const location = memoryLocation({ path: `${SUB}/panel-management/bulk-upload`, record: true });
  render(
    <Router hook={location.hook}>
      <Back to={to} />
    </Router>,
  );
  return location;
}

afterEach(() => vi.restoreAllMocks());

describe("Back to list", () => {
  it("links to a built list the user may read", () => {
    renderBack(`${SUB}/list-of-outlets`, projectManager);
    expect(screen.getByRole("link", { name: "Back to list" }).getAttribute("href")).toBe(
      `${SUB}/list-of-outlets`,
    );
    renderBack(USERS, projectManager);
    expect(screen.getAllByRole("link", { name: "Back to list" })[1]?.getAttribute("href")).toBe(USERS);
    // The panels upload's list (000 §2.2): the sub-project's panels.
    renderBack(`${SUB}/panel-management`, projectManager);
    expect(screen.getAllByRole("link", { name: "Back to list" })[2]?.getAttribute("href")).toBe(
      `${SUB}/panel-management`,
    );
  });

  it("goes where the user came from while the list is not built", () => {
    const back = vi.spyOn(window.history, "back").mockImplementation(() => undefined);
    vi.spyOn(window.history, "length", "get").mockReturnValue(3);
    renderBack(UNBUILT, projectManager);
    fireEvent.click(screen.getByRole("button", { name: "Back to list" }));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("goes where the user came from when the user may not read the list", () => {
    const back = vi.spyOn(window.history, "back").mockImplementation(() => undefined);
    vi.spyOn(window.history, "length", "get").mockReturnValue(3);
    renderBack(USERS, qcManager);
    fireEvent.click(screen.getByRole("button", { name: "Back to list" }));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("goes to the dashboard when the page was opened directly", () => {
    vi.spyOn(window.history, "length", "get").mockReturnValue(1);
    const location = renderBack(UNBUILT, projectManager);
    fireEvent.click(screen.getByRole("button", { name: "Back to list" }));
    expect(location.history?.at(-1)).toBe("/dashboard");
  });
});
