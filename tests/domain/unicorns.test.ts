import { describe, expect, it } from "vitest";
import { differenceHash, hammingDistance, isSuspectedMatch } from "../../src/domain/verification/unicorns";

/** A 9 x 8 grey picture from a function of the pixel's place. */
const picture = (shade: (x: number, y: number) => number) =>
  Array.from({ length: 72 }, (_, i) => shade(i % 9, Math.floor(i / 9)));

describe("the difference hash", () => {
  it("sets a bit where the left neighbour is darker, row by row, as 16 hex digits", () => {
    expect(differenceHash(picture((x) => x * 10))).toBe("ffffffffffffffff");
    expect(differenceHash(picture((x) => 100 - x * 10))).toBe("0000000000000000");
    // Only the first row brightening to the right: its byte alone is set.
    expect(differenceHash(picture((x, y) => (y === 0 ? x : 0)))).toBe("ff00000000000000");
    expect(() => differenceHash([1, 2, 3])).toThrow();
  });

  it("keeps its bits when the picture is brightened or faintly noised, not when the scene changes", () => {
    const scene = picture((x, y) => (x * 37 + y * 91) % 200);
    const brighter = scene.map((v) => v + 40);
    const other = picture((x, y) => (x * 53 + y * 17) % 200);
    expect(hammingDistance(differenceHash(scene), differenceHash(brighter))).toBe(0);
    expect(isSuspectedMatch(hammingDistance(differenceHash(scene), differenceHash(other)))).toBe(false);
  });
});

describe("the distance", () => {
  it("counts the bits two hashes differ in, and suspects one photo within 8", () => {
    expect(hammingDistance("0000000000000000", "ffffffffffffffff")).toBe(64);
    expect(hammingDistance("00000000000000ff", "0000000000000001")).toBe(7);
    expect(isSuspectedMatch(8)).toBe(true);
    expect(isSuspectedMatch(9)).toBe(false);
  });
});
