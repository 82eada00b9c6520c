import { describe, expect, it } from "vitest";
import { MAX_REMEMBERED_MOBILES, nextMobileInput, rememberedAfter } from "../../src/domain/auth/otpLogin";
import { withoutCountryCode } from "../../src/domain/shared/phoneNumber";

describe("rememberedAfter", () => {
  it("puts the number signed in with first, once, and keeps at most three", () => {
    expect(rememberedAfter([], "9100000001")).toEqual(["9100000001"]);
    expect(rememberedAfter(["9100000001", "9100000002"], "9100000002")).toEqual(["9100000002", "9100000001"]);
    const full = ["9100000001", "9100000002", "9100000003"];
    expect(rememberedAfter(full, "9100000004")).toEqual(["9100000004", "9100000001", "9100000002"]);
    expect(rememberedAfter(full, "9100000004")).toHaveLength(MAX_REMEMBERED_MOBILES);
  });

  it("keeps nothing that is not a 10-digit number", () => {
    expect(rememberedAfter(["9100000001"], "")).toEqual(["9100000001"]);
    expect(rememberedAfter([], "+919100000001")).toEqual([]);
  });
});

describe("a mobile number typed with its country code", () => {
  it("keeps the ten digits after a leading 91 or +91 on a 12-digit entry", () => {
    expect(withoutCountryCode("919876543210")).toBe("9876543210");
    expect(withoutCountryCode("+91 98765 43210")).toBe("9876543210");
    expect(withoutCountryCode("9198765432")).toBe("9198765432");
    expect(withoutCountryCode("91987654321")).toBe("91987654321");
  });

  it("never cuts a number silently while 91 is typed before it", () => {
    let field = "";
    for (const ch of "919876543210") field = nextMobileInput(field, field + ch);
    expect(field).toBe("9876543210");
    expect(nextMobileInput("", "+919876543210")).toBe("9876543210");
    expect(nextMobileInput("9876543210", "98765432101")).toBe("9876543210");
  });
});
