/**
 * The verification service's endpoints (spec 001 §7, §4.3; docs/verification.md): IFSC lookup,
 * PAN or GST verify, the GST duplicate check by project, UPI verify, bank account verify (its
 * secure variant with a name match), the recent checks, and the IFSC master with its audit trail.
 * A check from an answer's Validate button names the answer and lands on it; a provider without an
 * answer, or none configured, is a 503 with its reason.
 */
import { Schema } from "effect";
import {
  AccountCheckAnswer,
  AccountCheckBody,
  ChecksAnswer,
  ChecksQuery,
  GstDuplicateAnswer,
  GstDuplicateQuery,
  IfscChangesAnswer,
  IfscCheckAnswer,
  IfscCheckBody,
  IfscMasterAnswer,
  IfscMasterBody,
  PanGstCheckAnswer,
  PanGstCheckBody,
  UpiCheckAnswer,
  UpiCheckBody,
} from "../verification/verification";
import { endpoint } from "./endpoint";
import { PathText } from "./fields";

/** A check sent to a provider: one POST under /verification/, refused as every check is. */
const check = <B extends Schema.Top, R extends Schema.Top>(
  name: string,
  summary: string,
  body: B,
  response: R,
) =>
  endpoint({
    summary,
    method: "POST",
    path: `/verification/${name}/`,
    grant: "verifyIdentity",
    body,
    response,
    refusals: [400, 404, 409, 429],
  });

export const checkIfsc = check(
  "ifsc",
  "IFSC lookup: the code against the issued list, bank and branch from the IFSC master",
  IfscCheckBody,
  IfscCheckAnswer,
);

export const checkPanGst = check(
  "pan-gst",
  "Verify a PAN (holder's name) or a GST number (trade name, legal name, registration status)",
  PanGstCheckBody,
  PanGstCheckAnswer,
);

export const gstDuplicates = endpoint({
  summary: "Whether other outlets of the project hold the GST number (legal name) or its trade name",
  method: "GET",
  path: "/verification/gst-duplicates/",
  grant: "verifyIdentity",
  query: GstDuplicateQuery,
  response: GstDuplicateAnswer,
  refusals: [400, 404, 429],
});

export const checkUpi = check(
  "upi",
  "Verify a UPI id: whether it answers, and the account's name",
  UpiCheckBody,
  UpiCheckAnswer,
);

export const checkBankAccount = check(
  "bank-account",
  "Verify a bank account by penny-drop: the holder's name at the bank (and, secure, a name match)",
  AccountCheckBody,
  AccountCheckAnswer,
);

export const recentChecks = endpoint({
  summary: "The caller's organisation's latest checks, newest first, filtered by kind, status or input",
  method: "GET",
  path: "/verification/checks/",
  grant: "verifyIdentity",
  query: ChecksQuery,
  response: ChecksAnswer,
  refusals: [400],
});

const OfCode = Schema.Struct({ code: PathText });

export const ifscMasterRow = endpoint({
  summary: "One IFSC master row (or none), whether the code is issued, and its changes",
  method: "GET",
  path: "/verification/ifsc-master/:code/",
  grant: "ifscMaster",
  params: OfCode,
  response: IfscMasterAnswer,
  refusals: [400, 404],
});

export const saveIfscMasterRow = endpoint({
  summary: "Adds or changes one IFSC master row, with the reason in its audit trail",
  method: "PUT",
  path: "/verification/ifsc-master/:code/",
  grant: "ifscMaster",
  params: OfCode,
  body: IfscMasterBody,
  response: IfscMasterAnswer,
  refusals: [400],
});

export const ifscMasterChanges = endpoint({
  summary: "The IFSC master's latest changes, newest first",
  method: "GET",
  path: "/verification/ifsc-changes/",
  grant: "ifscMaster",
  response: IfscChangesAnswer,
});
