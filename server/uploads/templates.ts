/** The template of an upload type as GET bulk/upload/help/ answers it. */
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_ROWS, type UploadHelp } from "../../src/domain/bulkUpload";
import type { FieldRule, UploadType } from "../../src/domain/uploadTypes";

const RULE_TEXT: Readonly<Record<FieldRule["kind"], string>> = {
  text: "text",
  pan: "PAN (ABCDE1234F)",
  gst: "GST number with its check character",
  ifsc: "IFSC (ABCD0123456)",
  account: "account number, 9 to 18 digits",
  mobile: "10-digit mobile number",
  pin: "6-digit pin code",
  date: "date, YYYY-MM-DD",
  amount: "amount, up to 2 decimals",
  integer: "whole number",
  email: "email address",
  upi: "UPI id (name@bank)",
  bankCode: "four-letter bank code",
  oneOf: "one of the listed values",
  ref: "an existing record",
  new: "a new, unused name",
};

function ruleText(rule: FieldRule): string {
  if (rule.kind === "oneOf") return `one of: ${rule.values.join(", ")}`;
  return RULE_TEXT[rule.kind];
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
    sample_file: `/api/bulk/upload/sample/?object=${type.key}`,
    max_rows: MAX_UPLOAD_ROWS,
    max_file_bytes: MAX_UPLOAD_BYTES,
    confirm_effect: type.confirmEffect,
  };
}
