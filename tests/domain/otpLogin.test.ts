import { describe, expect, it } from "vitest";
import { MAX_REMEMBERED_MOBILES, rememberedAfter } from "../../src/domain/otpLogin";

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
