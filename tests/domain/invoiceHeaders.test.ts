// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GST_NUMBER_PATTERN,
  hasCollectedBills,
  headerColumnSpan,
  headerInlineDefault,
  headerProblems,
  headerValues,
  INVOICE_HEADER_SAVED,
  INVOICE_NUMBER_SAVED,
  type InvoiceHeader,
  type InvoiceHeaderInput,
  invoiceHeaderErrors,
  invoiceNumberDateErrors,
  invoiceTabColour,
  isHeaderShown,
  momentBounds,
  PAN_NUMBER_PATTERN,
  TAB_SCROLL_STEP,
  tabScrollAfter,
  UNVERIFIED,
  withHeaderLookup,
  withHeaderValue,
} from "../../src/domain/invoices/invoiceHeaders";

let nextId = 1;
const h = (
  name: string,
  type: string,
  validations: InvoiceHeader["validations"] = {},
  is_mandatory = false,
  show: InvoiceHeader["show_logic_config"] = null,
  id = nextId++,
): InvoiceHeader => ({
  invoice_header: id,
  invoice_header_name: name,
  invoice_header_type: type,
  is_mandatory,
  validations,
  show_logic_config: show,
});
const a = (header: InvoiceHeader, single_input: string | null, image_count?: number): InvoiceHeaderInput => ({
  invoice_header: header.invoice_header,
  single_input,
  ...(image_count === undefined ? {} : { image_count }),
});

describe("001 §5.3: the checks of an invoice header Save", () => {
  it("gives every message of the spec at once, word for word", () => {
    const retailer = h("Retailer name", "text", { min_length: 3, max_length: 10 }, true);
    const blank = h("Bill number", "text", {}, true);
    const qty = h("Cartons", "number", { lower_limit: 1, upper_limit: 50 });
    const amount = h("Amount", "number", { allow_decimals: false });
    const total = h("Total", "number", {}, true);
    const photos = h("Bill photos", "multiple_image", { min_images_count: 1, max_images_count: 2 });
    const mode = h("Payment mode", "dropdown", { choices: "Cash;Credit" });
    const gst = h("Distributor GSTIN", "gst_number");
    const pan = h("Owner PAN", "pan_number");
    const errors = invoiceHeaderErrors(
      [retailer, blank, qty, amount, total, photos, mode, gst, pan],
      [
        a(retailer, "ab"),
        a(blank, "  "),
        a(qty, "51"),
        a(amount, "10.5"),
        a(total, ""),
        a(photos, null, 3),
        a(mode, "Cheque"),
        a(gst, "27ABCDE1234F0Z5"),
        a(pan, "ABCDE1234"),
      ],
    );
    expect(errors.map((e) => e.message)).toEqual([
      "Retailer name must be between 3 and 10 characters.",
      "Bill number cannot be empty.",
      "Cartons must be between 1 and 50.",
      "Amount must be a whole number.",
      "Total is mandatory.",
      "Bill photos must have between 1 and 2 images.",
      "Invalid selection for Payment mode. Please select a valid option.",
      "Invalid GST Number.",
      "Invalid PAN Number.",
    ]);
    expect(errors.map((e) => e.invoice_header)).toEqual(
      [retailer, blank, qty, amount, total, photos, mode, gst, pan].map((x) => x.invoice_header),
    );
  });

  it("skips empty non-mandatory values and unknown types, and passes good values", () => {
    const headers = [
      h("Notes", "text", { min_length: 5 }),
      h("Odd", "signature", {}, true),
      h("GST", "gst_number", {}, true),
      h("PAN", "pan_number", {}, true),
      h("Date", "date", { greater_than: "2026-01-01", lower_than: "2026-12-31" }, true),
      h("Time", "time", {}, true),
    ];
    const [notes, odd, gst, pan, date, time] = headers as [InvoiceHeader, ...InvoiceHeader[]];
    expect(
      invoiceHeaderErrors(headers, [
        a(notes, ""),
        a(odd!, ""),
        a(gst!, "27AAPFU0939F1ZV"),
        a(pan!, "ABCDE1234F"),
        a(date!, "2026-06-01"),
        a(time!, "09:30"),
      ]),
    ).toEqual([]);
  });

  it("checks dates and times within their bounds, swapped when reversed", () => {
    const reversed = h("Bill date", "date", { greater_than: "2026-12-31", lower_than: "2026-01-01" });
    expect(momentBounds(reversed.validations)).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(headerProblems(reversed, a(reversed, "2026-06-01"))).toEqual([]);
    expect(headerProblems(reversed, a(reversed, "2027-01-01"))).toEqual([
      "Bill date must be between 2026-01-01 and 2026-12-31.",
    ]);
    const at = h("Delivered at", "time", { greater_than: "09:00" });
    expect(headerProblems(at, a(at, "08:59"))).toEqual(["Delivered at must not be before 09:00."]);
    expect(headerProblems(at, a(at, "25:00"))).toEqual(["Delivered at must be a valid time."]);
  });

  it("keeps the spec's other texts word for word", () => {
    expect(INVOICE_HEADER_SAVED).toBe("Invoice Header saved  Successfully.");
    expect(INVOICE_NUMBER_SAVED).toBe("Invoice number and date saved successfully.");
    expect(headerInlineDefault("Bill number")).toBe("Please enter Bill number");
  });

  it("accepts exactly the GST and PAN shapes of the spec", () => {
    const letter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    const digit = fc.constantFrom(..."0123456789");
    const alnum = fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    const nonZero = fc.constantFrom(..."123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    const str = (arb: fc.Arbitrary<string>, n: number) =>
      fc.array(arb, { minLength: n, maxLength: n }).map((x) => x.join(""));
    const gst = fc
      .tuple(str(digit, 2), str(letter, 5), str(digit, 4), letter, nonZero, alnum)
      .map(([s, l, d, c, n, z]) => `${s}${l}${d}${c}${n}Z${z}`);
    fc.assert(fc.property(gst, (g) => GST_NUMBER_PATTERN.test(g)));
    fc.assert(fc.property(gst, (g) => !GST_NUMBER_PATTERN.test(`${g.slice(0, 12)}0${g.slice(13)}`)));
    fc.assert(fc.property(gst, (g) => !GST_NUMBER_PATTERN.test(g.toLowerCase())));
    const pan = fc.tuple(str(letter, 5), str(digit, 4), letter).map(([l, d, c]) => `${l}${d}${c}`);
    fc.assert(fc.property(pan, (p) => PAN_NUMBER_PATTERN.test(p) && !PAN_NUMBER_PATTERN.test(`${p}A`)));
  });

  it("reports a mandatory header as empty exactly when its value is blank", () => {
    const header = h("Bill number", "text", {}, true);
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (value) => {
        const errors = invoiceHeaderErrors([header], [a(header, value)]);
        const blank = value.trim() === "";
        expect(errors.some((e) => e.message === "Bill number cannot be empty.")).toBe(blank);
      }),
    );
  });

  it("checks a number's range and wholeness for any integer", () => {
    const header = h("Cartons", "number", { lower_limit: 0, upper_limit: 100 });
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        const out = headerProblems(header, a(header, String(n)));
        expect(out).toEqual(n < 0 || n > 100 ? ["Cartons must be between 0 and 100."] : []);
      }),
    );
  });
});

describe("001 §4.8: show-logic", () => {
  const mode = h("Payment mode", "dropdown", { choices: "Cash;Credit" }, true);
  const rule = (condition: string) => ({
    show_logic_invoice_header: mode.invoice_header,
    show_logic_invoice_condition: condition,
    show_logic_invoice_option: "Credit",
  });
  const gstin = h("Distributor GSTIN", "gst_number", {}, true, rule("is_equal_to"));
  const receipt = h("Cash receipt", "text", {}, true, rule("is_not_equal_to"));

  it("shows a header while the other header's current value is, or is not, the option", () => {
    const credit = headerValues([a(mode, "Credit")]);
    const cash = headerValues([a(mode, "Cash")]);
    expect(isHeaderShown(gstin, credit)).toBe(true);
    expect(isHeaderShown(gstin, cash)).toBe(false);
    expect(isHeaderShown(receipt, credit)).toBe(false);
    expect(isHeaderShown(receipt, cash)).toBe(true);
    expect(isHeaderShown(mode, cash)).toBe(true);
  });

  it("does not check a hidden header", () => {
    const errors = invoiceHeaderErrors(
      [mode, gstin, receipt],
      [a(mode, "Cash"), a(gstin, ""), a(receipt, "")],
    );
    expect(errors.map((e) => e.message)).toEqual(["Cash receipt cannot be empty."]);
  });

  it("is_equal_to and is_not_equal_to are opposites for any value", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), (value) => {
        const values = headerValues([a(mode, value)]);
        expect(isHeaderShown(gstin, values)).toBe(!isHeaderShown(receipt, values));
      }),
    );
  });
});

describe("001 §4.8: the reset rule of GST and PAN headers", () => {
  const verified = {
    single_input: "27AAPFU0939F1ZV",
    verified: true,
    gst_legal_name: "Acme Traders Pvt Ltd",
    gst_trade_name: "Acme Traders",
    gst_registration_status: "Active",
    pan_holder_name: null,
  };

  it("changing a GST or PAN value clears its verified flag and derived names", () => {
    expect(withHeaderValue(verified, "gst_number", "27AAPFU0939F1ZW")).toEqual({
      ...UNVERIFIED,
      single_input: "27AAPFU0939F1ZW",
    });
    const pan = { ...UNVERIFIED, single_input: "ABCDE1234F", verified: true, pan_holder_name: "R Kumar" };
    expect(withHeaderValue(pan, "pan_number", "ABCDE1234G")).toEqual({
      ...UNVERIFIED,
      single_input: "ABCDE1234G",
    });
  });

  it("keeps everything when the value is the same or the header is of another type", () => {
    expect(withHeaderValue(verified, "gst_number", verified.single_input)).toBe(verified);
    expect(withHeaderValue(verified, "text", "x")).toEqual({ ...verified, single_input: "x" });
  });

  it("a lookup verifies the header and fills its names", () => {
    const after = withHeaderLookup({ ...UNVERIFIED, single_input: "27AAPFU0939F1ZV" }, "gst_number", {
      gst_legal_name: "L",
      gst_trade_name: "T",
      gst_registration_status: "Active",
    });
    expect(after).toMatchObject({ verified: true, gst_legal_name: "L", gst_trade_name: "T" });
    expect(withHeaderLookup(UNVERIFIED, "pan_number", { pan_holder_name: "P" })).toMatchObject({
      verified: true,
      pan_holder_name: "P",
    });
  });
});

describe("001 §2.2, §9: tabs, the dialog and the layout", () => {
  it("colours tabs up to the last saved index green, the active one blue, the rest grey", () => {
    expect([0, 1, 2, 3, 4].map((i) => invoiceTabColour(i, 3, 1))).toEqual([
      "green",
      "green",
      "grey",
      "blue",
      "grey",
    ]);
    expect([0, 1].map((i) => invoiceTabColour(i, 0, -1))).toEqual(["blue", "grey"]);
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), fc.integer({ min: -1, max: 20 }), (i, active, saved) => {
        const colour = invoiceTabColour(i, active, saved);
        expect(colour === "blue").toBe(i === active);
        if (i !== active) expect(colour === "green").toBe(i <= saved);
      }),
    );
  });

  it("scrolls tabs 300 px a step within the overflow", () => {
    expect(TAB_SCROLL_STEP).toBe(300);
    expect(tabScrollAfter(0, "right", 1000)).toBe(300);
    expect(tabScrollAfter(900, "right", 1000)).toBe(1000);
    expect(tabScrollAfter(200, "left", 1000)).toBe(0);
  });

  it("refuses an empty invoice number and a date after the maximum", () => {
    expect(invoiceNumberDateErrors({ invoice_no: " ", invoice_date: "2026-11-27" }, "2026-11-26")).toEqual({
      invoice_no: "Invoice Number cannot be empty.",
      invoice_date: "Invoice Date cannot be after 2026-11-26.",
    });
    expect(
      invoiceNumberDateErrors({ invoice_no: "INV-1", invoice_date: "2026-11-26" }, "2026-11-26"),
    ).toEqual({});
    expect(invoiceNumberDateErrors({ invoice_no: "INV-1", invoice_date: "26/11" }, "2026-11-26")).toEqual({
      invoice_date: "Invoice Date must be a valid date.",
    });
  });

  it("spans PAN over 2 columns and GST over 3", () => {
    expect(headerColumnSpan("pan_number")).toBe(2);
    expect(headerColumnSpan("gst_number")).toBe(3);
    expect(headerColumnSpan("text")).toBe(1);
  });

  it("adds Collected Bills for mi projects with add_data_on_fly only", () => {
    expect(hasCollectedBills({ type: "mi", add_data_on_fly: true })).toBe(true);
    expect(hasCollectedBills({ type: "mi", add_data_on_fly: false })).toBe(false);
    expect(hasCollectedBills({ type: "retail_audit", add_data_on_fly: true })).toBe(false);
  });
});
