import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  gstCheckDigit,
  isValidAccountNumber,
  isValidGst,
  isValidIfsc,
  isValidIndianMobile,
  isValidPan,
  isValidPin,
} from "../../src/domain/shared/validation";

const upper = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const digit = fc.constantFrom(..."0123456789");
const alnum = fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const str = (arb: fc.Arbitrary<string>, n: number) =>
  fc.array(arb, { minLength: n, maxLength: n }).map((a) => a.join(""));
const pan = fc.tuple(str(upper, 5), str(digit, 4), upper).map(([a, b, c]) => `${a}${b}${c}`);
/** A state or union territory code (01 to 38) or Other Territory (97). */
const stateCode = fc
  .oneof(fc.integer({ min: 1, max: 38 }), fc.constant(97))
  .map((n) => String(n).padStart(2, "0"));
const gst = fc
  .tuple(
    stateCode,
    pan,
    alnum.filter((c) => c !== "0"),
  )
  .map(([state, p, entity]) => `${state}${p}${entity}Z`)
  .map((first14) => `${first14}${gstCheckDigit(first14)}`);

const validators = [
  isValidPan,
  isValidGst,
  isValidIfsc,
  isValidAccountNumber,
  isValidIndianMobile,
  isValidPin,
];

describe("format rules (spec 000 §5)", () => {
  it("any string gives a boolean, never a throw", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" })),
        (s) => {
          for (const rule of validators) expect(typeof rule(s)).toBe("boolean");
        },
      ),
    );
  });

  it("PAN: five capital letters, four digits, one capital letter", () => {
    fc.assert(fc.property(pan, (p) => isValidPan(p)));
    expect(isValidPan("ABCDE1234F")).toBe(true);
    for (const bad of ["abcde1234f", "ABCD1234F", "ABCDE12345", "ABCDE1234FG", ""])
      expect(isValidPan(bad)).toBe(false);
  });

  it("GST: 15 characters with the right check character", () => {
    fc.assert(fc.property(gst, (g) => isValidGst(g)));
    expect(isValidGst("27AAPFU0939F1ZV")).toBe(true);
    expect(isValidGst("27AAPFU0939F1ZW")).toBe(false);
  });

  it("GST: changing any one character, the check character included, makes it invalid", () => {
    fc.assert(
      fc.property(gst, fc.integer({ min: 0, max: 14 }), alnum, (g, i, ch) => {
        fc.pre(g[i] !== ch);
        const changed = `${g.slice(0, i)}${ch}${g.slice(i + 1)}`;
        expect(isValidGst(changed)).toBe(false);
      }),
    );
  });

  it("GST check character: any input gives one of the 36 characters or null, never a throw", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        const check = gstCheckDigit(s);
        if (check === null) expect(s.length !== 14 || /[^0-9A-Z]/.test(s)).toBe(true);
        else expect(check).toMatch(/^[0-9A-Z]$/);
      }),
    );
    expect(gstCheckDigit("27AAPFU0939F1Z")).toBe("V");
    expect(gstCheckDigit("27aapfu0939f1z")).toBeNull();
    expect(gstCheckDigit("27AAPFU0939F1")).toBeNull();
  });

  it("IFSC: four letters, a zero, six alphanumerics", () => {
    fc.assert(fc.property(str(upper, 4), str(alnum, 6), (bank, branch) => isValidIfsc(`${bank}0${branch}`)));
    expect(isValidIfsc("SBIN0001234")).toBe(true);
    expect(isValidIfsc("HDFC0ABC123")).toBe(true);
    for (const bad of ["SBIN1001234", "SBI00001234", "sbin0001234", "SBIN000123"])
      expect(isValidIfsc(bad)).toBe(false);
  });

  it("account number: 9 to 18 digits", () => {
    fc.assert(fc.property(fc.integer({ min: 9, max: 18 }), (n) => isValidAccountNumber("1".repeat(n))));
    expect(isValidAccountNumber("12345678")).toBe(false);
    expect(isValidAccountNumber("1".repeat(19))).toBe(false);
    expect(isValidAccountNumber("12345678a")).toBe(false);
  });

  it("mobile: ten digits starting 6 to 9; pin: six digits not starting 0", () => {
    fc.assert(
      fc.property(fc.constantFrom(..."6789"), str(digit, 9), (first, rest) =>
        isValidIndianMobile(`${first}${rest}`),
      ),
    );
    fc.assert(fc.property(fc.integer({ min: 100000, max: 999999 }), (pin) => isValidPin(String(pin))));
    expect(isValidIndianMobile("+919000000001")).toBe(false);
    expect(isValidIndianMobile("900000000")).toBe(false);
    expect(isValidPin("56001")).toBe(false);
    expect(isValidIndianMobile("9000000001")).toBe(true);
    expect(isValidIndianMobile("5000000001")).toBe(false);
    expect(isValidPin("560001")).toBe(true);
    expect(isValidPin("060001")).toBe(false);
  });
});
