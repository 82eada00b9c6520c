/**
 * The retailer link's own page (mobile.html): its route table shows the link's pages, behind their
 * guard, with the catalogue's titles; an unknown /mobile-view address is Page not found.
 */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MOBILE_MSG } from "../../src/domain/mobile/mobile";
import { findRoute } from "../../src/domain/shell/routes";
import MobileApp from "../../src/ui/mobile/MobileApp";

const windowWidth = Object.getOwnPropertyDescriptor(window, "innerWidth")!;
afterEach(() => {
  cleanup();
  Object.defineProperty(window, "innerWidth", windowWidth);
  window.history.replaceState(null, "", "/");
});

const open = (path: string) => {
  // A desktop window, whatever width an earlier file in the worker left.
  Object.defineProperty(window, "innerWidth", { configurable: true, value: 1280 });
  window.history.replaceState(null, "", path);
  render(<MobileApp />);
};

describe("the link's own page", () => {
  it.each([
    "/mobile-view/home/slug/abc",
    "/mobile-view/earnings/abc",
    "/mobile-view/invoices/slug/abc",
    "/mobile-view/target-vs-achievement/abc",
  ])("%s: the page's guard (a wide window is asked to switch) under the catalogue's title", async (path) => {
    open(path);
    expect(await screen.findByText(MOBILE_MSG.switchToMobile)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${findRoute(path)?.route.title} · Retail Scan`));
  });

  it("answers an unknown address of the link with Page not found", async () => {
    open("/mobile-view/nothing/here/at/all");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });
});
