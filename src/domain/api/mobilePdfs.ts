/**
 * The files the mobile pages link to for each way of reading them: the PDFs of their lists (an
 * invoice, a target statement), each made on its first download and kept; the programme's logo the
 * home shows; and a year's Form 16 of the signed-in retailer's outlet. The answers give their
 * addresses, built from these declarations.
 */
import { Effect, Schema, SchemaIssue, SchemaTransformation } from "effect";
import { financialYearFromLabel, financialYearLabel } from "../tax/form16";
import { Download, endpoint } from "./endpoint";
import { IdText, PathText } from "./fields";
import type { Grant } from "./grants";
import { FileId, InvoiceId, TargetStatementId } from "./ids";

/** An invoice's and a target statement's PDF for one way of reading them, under `base`. */
function pdfs<F extends Schema.Struct.Fields, G extends Grant>(who: string, grant: G, of: F, base: string) {
  const pdf = <I extends Schema.Codec<unknown, number>>(kind: string, what: string, id: I) =>
    endpoint({
      summary: `${what} as a PDF, ${who}`,
      method: "GET",
      path: `${base}${kind}/:id/pdf/`,
      grant,
      params: Schema.Struct({ ...of, id: IdText(id) }),
      response: Download,
      refusals: [404],
    });
  return {
    invoice: pdf("invoices", "An invoice", InvoiceId),
    statement: pdf("target-statements", "A target statement", TargetStatementId),
    // The file's id is in the address: a replaced logo is a new address.
    logo: endpoint({
      summary: `The logo of the outlet's project, the mobile home's programme logo, ${who}`,
      method: "GET",
      path: `${base}logo/:id/`,
      grant,
      params: Schema.Struct({ ...of, id: IdText(FileId) }),
      response: Download,
      refusals: [404],
    }),
  };
}

export const {
  invoice: linkInvoicePdf,
  statement: linkStatementPdf,
  logo: linkLogo,
} = pdfs(
  "by the retailer's link with the token it is bound to",
  "public",
  { slug: PathText },
  "/mobile/:slug/",
);

export const {
  invoice: staffInvoicePdf,
  statement: staffStatementPdf,
  logo: staffLogo,
} = pdfs("for staff who see the outlet (the pp views)", "outletsRead", { rsid: PathText }, "/pp/:rsid/");

export const {
  invoice: ownInvoicePdf,
  statement: ownStatementPdf,
  logo: ownLogo,
} = pdfs(
  "of the signed-in retailer's own outlet",
  "signedIn",
  { rsid: PathText },
  "/retailer/outlets/:rsid/",
);

/** A financial year in an address ("2025-26"), decoded to the year it starts in; any other text names none. */
export const FinancialYearText = Schema.String.pipe(
  Schema.decodeTo(
    Schema.Number,
    SchemaTransformation.transformEffect({
      decode: (label: string) => {
        const start = financialYearFromLabel(label);
        return start === null
          ? Effect.fail(new SchemaIssue.InvalidValue(undefined, label))
          : Effect.succeed(start);
      },
      encode: (start: number) => Effect.succeed(financialYearLabel(start)),
    }),
  ),
);

export const ownForm16Pdf = endpoint({
  summary: "A financial year's Form 16 of the retailer's own outlet as a PDF, once the year has ended",
  method: "GET",
  path: "/retailer/outlets/:rsid/form16/:year/pdf/",
  grant: "signedIn",
  params: Schema.Struct({ rsid: PathText, year: FinancialYearText }),
  response: Download,
  refusals: [404],
});
