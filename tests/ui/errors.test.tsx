import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import OopsBoundary, { OopsScreen, oopsCode } from "../../src/ui/errors/OopsBoundary";
import FrameGuard, { isFramed } from "../../src/ui/frame/FrameGuard";

function Broken(): never {
  throw new Error("render failed");
}

describe("the Oops boundary (spec 000 §8, 002 §2.1)", () => {
  beforeEach(() => {
    // React reports caught render errors on the console; keep the test output clean.
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the Oops screen with the generic status 500 on a render error", () => {
    render(
      <OopsBoundary>
        <Broken />
      </OopsBoundary>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Oops, our bad!");
    expect(screen.getByText("There was a problem with your request")).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
    expect(screen.getByText(/Reloading the page fixes most problems/)).toBeTruthy();
    const home = screen.getByRole("link", { name: "Go back home" });
    expect(home.getAttribute("href")).toBe("/");
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeTruthy();
  });

  it("renders its children when nothing fails", () => {
    render(
      <OopsBoundary>
        <p>All good</p>
      </OopsBoundary>,
    );
    expect(screen.getByText("All good")).toBeTruthy();
    expect(screen.queryByText("Oops, our bad!")).toBeNull();
  });

  it("shows 4XX when no code is given, and an error's own status when it has one", () => {
    render(<OopsScreen />);
    expect(screen.getByText("4XX")).toBeTruthy();
    expect(oopsCode({ status: 403 })).toBe(403);
    expect(oopsCode({ status: 200 })).toBe(500);
    expect(oopsCode(new Error("x"))).toBe(500);
    expect(oopsCode(null)).toBe(500);
  });
});

describe("the frame guard", () => {
  const framed = { top: {}, self: {}, location: { href: "https://app.example.test/login" } };

  it("inside a frame shows only the clickjacking warning with a link that opens the app in the whole window", () => {
    render(
      <FrameGuard view={framed}>
        <p>Please login to your account</p>
      </FrameGuard>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toMatch(/clickjacking/i);
    expect(screen.queryByText("Please login to your account")).toBeNull();
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe("https://app.example.test/login");
    expect(link.getAttribute("target")).toBe("_top");
  });

  it("outside a frame renders the application", () => {
    render(
      <FrameGuard>
        <p>Please login to your account</p>
      </FrameGuard>,
    );
    expect(screen.getByText("Please login to your account")).toBeTruthy();
    expect(isFramed(window)).toBe(false);
  });

  it("treats an unreadable parent as a frame", () => {
    const hostile = {
      get top(): unknown {
        throw new DOMException("Blocked a frame", "SecurityError");
      },
      self: {},
      location: { href: "/" },
    };
    expect(isFramed(hostile)).toBe(true);
  });
});
