/**
 * The Schemas of the retailer's mobile answers (spec 002 §3, §4, §7, docs/retailer-portal.md): the
 * link's access check, the pages' four answers and the signed-in retailer's outlets. Apart from the
 * rules (./mobile), which the link's page uses without Effect: it checks these answers by the shapes
 * the build derives from them (scripts/answer-shapes-plugin.ts), so none of them may transform what
 * it reads.
 */
import { Schema } from "effect";
import { InvoiceId, PayoutId, RetailerRequestId, TargetStatementId } from "../api/ids";
import { resultsOf } from "../api/paginated";

const Text = Schema.String;
const Maybe = Schema.NullOr(Schema.String);

/** 002 §3 mobile user profile. */
export const MobileProfile = Schema.Struct({
  name: Text,
  program_name: Text,
  project_organisation_logo_image: Maybe,
  is_kyc_successful: Schema.Boolean,
  organisation_name: Text,
});
export type MobileProfile = typeof MobileProfile.Type;
export const MobileProfileAnswer = resultsOf(MobileProfile);
export type MobileProfileAnswer = typeof MobileProfileAnswer.Type;

/** 002 §3 earning. */
export const Earning = Schema.Struct({
  id: PayoutId,
  amount: Text,
  outlet: Schema.Struct({ program_name: Text }),
  workflow_object: Schema.Struct({ utr_number: Maybe }),
  payment_date: Maybe,
  invoice_duration_start_date: Maybe,
  invoice_duration_end_date: Maybe,
});
export type Earning = typeof Earning.Type;
export const EarningsAnswer = resultsOf(Earning);
export type EarningsAnswer = typeof EarningsAnswer.Type;

/** 002 §3 invoice (mobile); `file` is the PDF's address. */
export const MobileInvoice = Schema.Struct({
  id: InvoiceId,
  amount_paid: Text,
  program: Text,
  invoice_no: Text,
  created: Text,
  sub_project_name: Text,
  file: Text,
});
export type MobileInvoice = typeof MobileInvoice.Type;
export const InvoicesAnswer = resultsOf(MobileInvoice);
export type InvoicesAnswer = typeof InvoicesAnswer.Type;

/** 002 §3 target statement. */
export const TargetStatement = Schema.Struct({
  id: TargetStatementId,
  report_name: Text,
  rsid: Maybe,
  program: Maybe,
  duration: Maybe,
  remark: Maybe,
  url: Maybe,
});
export type TargetStatement = typeof TargetStatement.Type;
export const StatementsAnswer = resultsOf(TargetStatement);
export type StatementsAnswer = typeof StatementsAnswer.Type;

/**
 * The access check's body: the device's token, any value (accessTokenOf in ./mobile reads anything
 * but a text as no token, answered as malformed rather than as bad input).
 */
export const AccessCheckBody = Schema.Struct({ view_id: Schema.optionalKey(Schema.Unknown) });

/** The access check's answer: `results` when allowed, null with the reason otherwise (002 §4, §7). */
export const AccessAnswer = Schema.Struct({
  results: Schema.NullOr(Schema.Struct({ bound_at: Text })),
  reason: Schema.optionalKey(Schema.Literals(["forwarded", "expired", "malformed"])),
});
export type AccessAnswer = typeof AccessAnswer.Type;

/** The signed-in retailer's outlets (docs/retailer-portal.md). */
export const RetailerOutlet = Schema.Struct({
  rsid: Text,
  name: Text,
  address: Text,
  pin: Text,
  city: Text,
  program_name: Text,
  workflow_state: Text,
});
export const RetailerOutletsAnswer = resultsOf(RetailerOutlet);

/** Outlet information for its retailer: details on record and each edit request's decision. */
export const RetailerOutletInformation = Schema.Struct({
  rsid: Text,
  name: Text,
  owner_name: Text,
  address: Text,
  pin: Text,
  city: Text,
  state: Text,
  phone: Text,
  bank: Schema.Struct({ account_number: Maybe, ifsc_code: Maybe, account_holder_name: Maybe, bank: Maybe }),
  tax: Schema.Struct({ pan_number: Maybe, gst_number: Maybe }),
  requests: Schema.Array(
    Schema.Struct({
      id: RetailerRequestId,
      type: Text,
      status: Text,
      created: Text,
      rejection_reason: Maybe,
    }),
  ),
});
export type RetailerOutletInformation = typeof RetailerOutletInformation.Type;

/** What the retailer's edit form starts from: the values on record, and whether a request waits. */
export const RetailerEditStart = Schema.Struct({
  values: Schema.Record(Schema.String, Schema.String),
  pending: Schema.Boolean,
});
