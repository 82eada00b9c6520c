/** The Form 16 statement lists every payout of the year, on continuation pages when one is not enough. */
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDocument, type PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { type Deductee, form16Pdf, type TaxedPayout } from "../../server/tax/form16";
import type { Form16Year } from "../../src/domain/tax/form16";

const party: Deductee = {
  pan: "ABCDE1234F",
  deductee: "Sharma Stores",
  rsids: ["RS000001"],
  organisations: ["Acme Beverages"],
  organisation_id: 1,
};
const year: Form16Year = {
  financial_year: "2025-26",
  amount_paid: "60000.00",
  tds_deducted: "1200.00",
  quarters: [{ quarter: 1, amount_paid: "60000.00", tds_deducted: "1200.00" }],
  issued: true,
};
const payouts = (n: number): TaxedPayout[] =>
  Array.from({ length: n }, (_, i) => ({
    payment_date: "2025-05-10",
    amount: "1000.00",
    tds_amount: "20.00",
    utr_number: `UTR${String(i + 1).padStart(4, "0")}`,
    program: "Acme 3P",
    outlet_id: 1,
    rsid: "RS000001",
    pan: "ABCDE1234F",
  }));

/** The texts drawn on each page: pdf-lib writes standard-font text as hex strings in a deflated content stream. */
async function pageTexts(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const raw = streams
      .map((ref) => inflateSync((pdf.context.lookup(ref) as PDFRawStream).contents).toString("latin1"))
      .join("\n");
    return [...raw.matchAll(/<([0-9A-F]+)> Tj/g)].map((m) => Buffer.from(m[1]!, "hex").toString("latin1"));
  });
}

describe("the Form 16 PDF", () => {
  it("lists 60 payouts on two pages, each page numbered, the headings repeated", async () => {
    const texts = await pageTexts(await form16Pdf(party, year, payouts(60)));
    expect(texts.length).toBe(2);
    const utrs = texts.flat().filter((t) => t.startsWith("UTR0"));
    expect(utrs).toEqual(payouts(60).map((p) => p.utr_number));
    expect(texts[0]).toContain("Page 1 of 2");
    expect(texts[1]).toContain("Page 2 of 2");
    expect(texts[1]).toContain("Form 16 2025-26: payouts, continued");
    expect(texts[1]).toContain("Paid on");
  });

  it("keeps a short year on one page", async () => {
    const texts = await pageTexts(await form16Pdf(party, year, payouts(3)));
    expect(texts.length).toBe(1);
    expect(texts[0]).toContain("Page 1 of 1");
  });
});
