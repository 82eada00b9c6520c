import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPasswordExpired, PASSWORD_MAX_AGE_DAYS, passwordProblems } from "../../src/domain/auth/password";

describe("password rules", () => {
  it("names every problem at once, in a fixed order", () => {
    expect(passwordProblems("abc", "abd")).toEqual([
      "Password must be at least 8 characters.",
      "Password must contain an uppercase letter.",
      "Password must contain a digit.",
      "Password must contain a symbol.",
      "Passwords do not match.",
    ]);
    expect(passwordProblems("Fresh@2026x", "Fresh@2026x")).toEqual([]);
  });

  it("any input gives a list of known messages", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        for (const p of passwordProblems(a, b)) expect(p).toMatch(/^Password/);
      }),
    );
  });

  it("expires after the maximum age", () => {
    const day = 24 * 60 * 60 * 1000;
    expect(isPasswordExpired(0, PASSWORD_MAX_AGE_DAYS * day)).toBe(false);
    expect(isPasswordExpired(0, PASSWORD_MAX_AGE_DAYS * day + 1)).toBe(true);
  });
});
