/**
 * TDS and Form 16 endpoints (docs/tax.md; spec 000 §7.6 TDS and Form 16 families, paths not shown):
 * the TDS figures per quarter and programme, a quarter's report and the Form 16 CSV as exports to
 * My Downloads, the PAN list and a PAN's stores, the Form 16 batches, and one PAN's Form 16 file
 * (download, or upload in place of the made one). The payout team reads; its managers issue.
 */
import { Schema, SchemaTransformation } from "effect";
import { ExportJob } from "../downloads/downloads";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { financialYearFromLabel, financialYearLabel } from "../tax/form16";
import { Form16Batch, Form16BatchList, PanDetail, PanPage, TdsAnswer } from "../tax/tax";
import { Download, endpoint, Multipart } from "./endpoint";
import { IdText, PathText, saying, Text } from "./fields";
import { Form16BatchId } from "./ids";
import { FinancialYearText } from "./mobilePdfs";

const YEAR_LINE = "Choose a financial year such as 2025-26.";
/** A financial year in a query or a body ("2025-26"), decoded to the year it starts in. */
const Year = Text(7)
  .check(Schema.makeFilter((s: string) => financialYearFromLabel(s) !== null || YEAR_LINE))
  .pipe(
    Schema.decodeTo(
      Schema.Number,
      SchemaTransformation.transform({
        decode: (label: string) => financialYearFromLabel(label)!,
        encode: (start: number) => financialYearLabel(start),
      }),
    ),
  );
const OfYear = Schema.Struct({ financial_year: Year });
const Filter = Text(MAX_QUERY_TEXT_LENGTH);

export const tdsFigures = endpoint({
  summary:
    "The tax deducted at source in a financial year (the last ended one when none is named), per quarter and programme",
  method: "GET",
  path: "/tax/tds/",
  grant: "taxRead",
  query: Schema.Struct({ financial_year: Schema.optionalKey(Year), program: Schema.optionalKey(Filter) }),
  response: TdsAnswer,
  refusals: [400],
});

export const tdsReport = endpoint({
  summary: "Starts a quarter's TDS report (one row per taxed payout) as an export to My Downloads",
  method: "POST",
  path: "/tax/tds/reports/",
  grant: "taxRead",
  body: Schema.Struct({
    financial_year: Year,
    quarter: saying("Choose a quarter from 1 to 4.")(Schema.Literals([1, 2, 3, 4])),
  }),
  response: ExportJob,
  status: 201,
  refusals: [400],
});

export const panList = endpoint({
  summary: "The PANs with tax deducted in a financial year, searched by PAN or deductee, with their figures",
  method: "GET",
  path: "/tax/pans/",
  grant: "taxRead",
  query: Schema.Struct({ financial_year: Year, search: Schema.optionalKey(Filter) }),
  paged: true,
  response: PanPage,
  refusals: [400],
});

export const panStores = endpoint({
  summary: "One PAN's figure for a financial year and its stores, each with its own payouts' figure",
  method: "GET",
  path: "/tax/pans/:pan/",
  grant: "taxRead",
  params: Schema.Struct({ pan: PathText }),
  query: OfYear,
  response: PanDetail,
  refusals: [400, 404],
});

export const form16Csv = endpoint({
  summary:
    "Starts the Form 16 CSV summary of a financial year (one row per PAN) as an export to My Downloads",
  method: "POST",
  path: "/tax/form16/csv/",
  grant: "taxRead",
  body: OfYear,
  response: ExportJob,
  status: 201,
  refusals: [400],
});

export const form16Batches = endpoint({
  summary: "The latest Form 16 batches, newest first",
  method: "GET",
  path: "/tax/form16/batches/",
  grant: "taxRead",
  response: Form16BatchList,
});

export const form16Batch = endpoint({
  summary: "One Form 16 batch, to follow its progress",
  method: "GET",
  path: "/tax/form16/batches/:id/",
  grant: "taxRead",
  params: Schema.Struct({ id: IdText(Form16BatchId) }),
  response: Form16Batch,
  refusals: [404],
});

export const startForm16Batch = endpoint({
  summary:
    "Starts making the Form 16 PDF of every PAN with tax deducted in an ended financial year (a batch of the year already running is answered instead, 200)",
  method: "POST",
  path: "/tax/form16/batches/",
  grant: "taxIssue",
  body: OfYear,
  response: Form16Batch,
  status: 201,
  refusals: [400],
});

const OfPanYear = Schema.Struct({ pan: PathText, year: FinancialYearText });

export const panForm16Pdf = endpoint({
  summary:
    "A PAN's Form 16 of an ended financial year as a PDF: the uploaded one, else the made one (made now if need be)",
  method: "GET",
  path: "/tax/form16/:pan/:year/pdf/",
  grant: "taxRead",
  params: OfPanYear,
  response: Download,
  refusals: [404],
});

export const uploadPanForm16 = endpoint({
  summary: "Uploads a PAN's Form 16 of an ended financial year (a PDF, field file) in place of the made one",
  method: "POST",
  path: "/tax/form16/:pan/:year/pdf/",
  grant: "taxIssue",
  params: OfPanYear,
  body: Multipart,
  response: Schema.Struct({
    pan: Schema.String,
    financial_year: Schema.String,
    source: Schema.Literal("uploaded"),
  }),
  status: 201,
  refusals: [400, 404, 413],
});
