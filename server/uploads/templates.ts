/** The template of an upload type as GET bulk/upload/help/ answers it, with the forms of values it accepts. */
import { addressOf } from "../../src/domain/api/endpoint";
import { uploadSample } from "../../src/domain/api/uploads";
import { MAX_REFERENCE_IMAGES } from "../../src/domain/survey/referenceImages";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_ROWS, type UploadHelp } from "../../src/domain/uploads/bulkUpload";
import {
  type FieldRule,
  RECORD_NAMES,
  REF_NAMES,
  type UploadType,
} from "../../src/domain/uploads/uploadTypes";

const RULE_TEXT: Readonly<
  Record<Exclude<FieldRule["kind"], "oneOf" | "ref" | "refs" | "new" | "notRef">, string>
> = {
  text: "text",
  pan: "PAN (ABCDE1234F)",
  gst: "GST number with its check character",
  ifsc: "IFSC (ABCD0123456)",
  account:
    "account number, 9 to 18 digits; format the column as text, as a spreadsheet keeps only 15 digits of a number",
  mobile: "10-digit mobile number, as a number or text",
  pin: "6-digit pin code, as a number or text",
  date: "date: a date cell, or typed as DD/MM/YYYY, DD-MM-YYYY or YYYY-MM-DD",
  amount:
    "amount, up to 2 decimals; a number cell, or text with the rupee sign (₹, Rs, INR) and thousands separators (1,50,000 or 150,000)",
  integer: "whole number",
  email: "email address",
  upi: "UPI id (name@bank)",
  utr: "the bank's UTR: 12 digits (IMPS, UPI), or 16 (NEFT) or 22 (RTGS) letters and digits starting with the bank's 4-letter code",
  bankCode: "four-letter bank code",
  imageAddresses: `up to ${MAX_REFERENCE_IMAGES} image addresses separated by ; or new lines, each an https:// address or a path of this site starting with /`,
};

function ruleText(rule: FieldRule): string {
  switch (rule.kind) {
    case "oneOf":
      return `one of: ${rule.values.join(", ")} (in any case)`;
    case "ref":
      return `the name of an existing ${REF_NAMES[rule.ref]}, in any case`;
    case "refs":
      return `one or more, separated by ;, each the name of an existing ${REF_NAMES[rule.ref]}, in any case`;
    case "new":
      return `a new ${REF_NAMES[rule.ref]}, not used yet in any case`;
    case "notRef":
      return `text, not the name of an existing ${REF_NAMES[rule.ref]}, in any case`;
    default:
      return RULE_TEXT[rule.kind];
  }
}

/** The forms every sheet may take, then what the type's rows must not repeat. */
function sheetForms(type: UploadType): string[] {
  const forms = [
    "The header is the first row with a value; empty rows and columns anywhere are skipped, and the unclean file gives each row's number in your sheet.",
    "Names of existing records and listed values match without regard to case or surrounding spaces, and are stored in their own spelling.",
    "Formulas are read by the value they show; a cell showing an error (#DIV/0!) is reported in its row.",
    "Numbers of more than 15 digits (account numbers, long ids) must be in cells formatted as text; text cells keep their leading zeros.",
  ];
  for (const c of type.columns.filter((c) => c.unique))
    forms.push(`Each ${c.name} may appear only once in the file.`);
  const key = type.recordKey;
  if (key) {
    const columns = key.columns.join(" and ");
    forms.push(
      key.existing
        ? `Each ${RECORD_NAMES[key.existing]} (${columns}) may appear only once in the file and must not exist already.`
        : `Each ${columns} may appear only once in the file.`,
    );
  }
  for (const known of type.recordRefs ?? [])
    forms.push(
      `Each row's ${known.columns.join(" and ")} must name an existing ${RECORD_NAMES[known.record]}.`,
    );
  return forms;
}

export function helpFor(type: UploadType): UploadHelp {
  return {
    object: type.key,
    title: type.title,
    columns: type.columns.map((c) => ({
      name: c.name,
      required: c.required,
      sample: c.sample,
      rule: ruleText(c.rule),
    })),
    sample_file: `${addressOf(uploadSample, {})}?object=${type.key}`,
    sheet_forms: sheetForms(type),
    max_rows: MAX_UPLOAD_ROWS,
    max_file_bytes: MAX_UPLOAD_BYTES,
    confirm_effect: type.confirmEffect,
  };
}
