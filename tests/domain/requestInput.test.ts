import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addFieldError,
  decodePage,
  decodeQueryTexts,
  decodeRowId,
  decodeText,
  escapeLike,
  type FieldErrors,
  isPlatform,
  MAX_PAGE,
  MAX_ROW_ID,
} from "../../src/domain/shared/requestInput";

describe("page decoding", () => {
  it("gives the defaults for absent values and the offset of a page", () => {
    expect(decodePage(undefined, undefined)).toEqual({ ok: true, page: { number: 1, size: 15, offset: 0 } });
    expect(decodePage("3", "50")).toEqual({ ok: true, page: { number: 3, size: 50, offset: 100 } });
  });

  it("refuses huge, negative, fractional and non-numeric values with field lines", () => {
    for (const bad of [
      "99999999999999999999",
      "1000000000000000000",
      "1.5e+21",
      "-1",
      "0",
      "1.5",
      "x",
      "0x10",
    ]) {
      const read = decodePage(bad, bad);
      expect(read.ok, bad).toBe(false);
      if (!read.ok) {
        expect(read.errors.page).toEqual([`Enter a whole number from 1 to ${MAX_PAGE}.`]);
        expect(read.errors["page-size"]).toEqual(["Enter a whole number from 1 to 1000."]);
      }
    }
  });

  it("keeps every accepted offset a safe integer", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (page, size) => {
        const read = decodePage(page, size);
        if (read.ok) expect(Number.isSafeInteger(read.page.offset)).toBe(true);
      }),
    );
  });
});

describe("row id decoding", () => {
  it("accepts ids of an integer column only", () => {
    expect(decodeRowId(1)).toBe(1);
    expect(decodeRowId("42")).toBe(42);
    expect(decodeRowId(MAX_ROW_ID)).toBe(MAX_ROW_ID);
    for (const bad of [
      0,
      -1,
      1.5,
      MAX_ROW_ID + 1,
      99999999999,
      "99999999999999",
      "3000000000",
      "1e3",
      "",
      "x",
      null,
      {},
      [1],
    ]) {
      expect(decodeRowId(bad), String(bad)).toBeNull();
    }
  });
});

describe("text decoding", () => {
  it("refuses NUL characters, non-strings and text past its maximum", () => {
    expect(decodeText("a\u0000b", 10)).toEqual({ ok: false, error: "Null characters are not allowed." });
    expect(decodeText(5, 10)).toEqual({ ok: false, error: "Not a valid string." });
    expect(decodeText("x".repeat(11), 10)).toEqual({
      ok: false,
      error: "Ensure this field has no more than 10 characters.",
    });
    expect(decodeText("fine", 10)).toEqual({ ok: true, value: "fine" });
  });

  it("reads optional query texts, reporting each bad one", () => {
    const query = (k: string) => ({ search: "%00\u0000", slug: "ok" })[k as "search" | "slug"];
    expect(decodeQueryTexts(query, ["search", "slug", "absent"])).toEqual({
      ok: false,
      errors: { search: ["Null characters are not allowed."] },
    });
    expect(decodeQueryTexts(query, ["slug", "absent"])).toEqual({ ok: true, values: { slug: "ok" } });
  });
});

describe("platforms", () => {
  it("are a closed set", () => {
    expect(isPlatform("web")).toBe(true);
    expect(isPlatform("my_track")).toBe(true);
    for (const bad of ["webx", "zz9", "WEB", "", "toString", "__proto__", 1])
      expect(isPlatform(bad)).toBe(false);
  });
});

describe("field errors", () => {
  it("keep object-member field names as own lines", () => {
    const errors: FieldErrors = {};
    for (const key of ["__proto__", "toString", "constructor", "toString"])
      addFieldError(errors, key, `bad ${key}`);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(errors))).toEqual(
      JSON.parse(
        '{"__proto__":["bad __proto__"],"toString":["bad toString","bad toString"],"constructor":["bad constructor"]}',
      ),
    );
  });
});

describe("LIKE escaping", () => {
  it("makes %, _ and backslash match themselves", () => {
    expect(escapeLike("50%_a\\b")).toBe("50\\%\\_a\\\\b");
  });
});
