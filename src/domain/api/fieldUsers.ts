/**
 * The field auditor's own area (eMyTrack, docs/field-user.md): only what the signed-in field
 * auditor is assigned. Another auditor's outlet is 404, the same as one that does not exist.
 */
import { Schema } from "effect";
import {
  CaptureOptions,
  IDEMPOTENCY_KEY,
  Location,
  OwnRank,
  Photo,
  RsaDetail,
  SentOutlet,
} from "../ekyc/fieldCapture";
import {
  CHOOSE_FIELD_LIST,
  FIELD_LISTS,
  FieldOutletDetail,
  FieldOutletPage,
  FieldOutletSummary,
  FieldSurveyListing,
} from "../ekyc/fieldUser";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { endpoint } from "./endpoint";
import { Choice, PathText, Text } from "./fields";

const OfOutlet = Schema.Struct({ slug: PathText });

export const fieldOutletSummary = endpoint({
  summary: "The auditor's outlets counted by workflow state and by list",
  method: "GET",
  path: "/my-track/outlets/summary/",
  grant: "fieldAuditor",
  response: FieldOutletSummary,
});

export const fieldOutletPage = endpoint({
  summary: "The pending, rejected or completed list, newest change first; search finds an RSID or a name",
  method: "GET",
  path: "/my-track/outlets/",
  grant: "fieldAuditor",
  query: Schema.Struct({
    list: Choice(FIELD_LISTS).pipe(Schema.annotateKey({ messageMissingKey: CHOOSE_FIELD_LIST })),
    search: Schema.optionalKey(Text(MAX_QUERY_TEXT_LENGTH)),
  }),
  paged: true,
  response: FieldOutletPage,
  refusals: [400],
});

export const fieldOutletDetail = endpoint({
  summary: "The auditor's own outlet, to find it and see where it stands",
  method: "GET",
  path: "/my-track/outlets/:slug/",
  grant: "fieldAuditor",
  params: OfOutlet,
  response: FieldOutletDetail,
  refusals: [404],
});

export const fieldSurveyListing = endpoint({
  summary: "The survey recorded on the auditor's outlet and every decision on it",
  method: "GET",
  path: "/my-track/outlets/:slug/surveys/",
  grant: "fieldAuditor",
  params: OfOutlet,
  response: FieldSurveyListing,
  refusals: [404],
});

// --- Capture (docs/field-user.md, "Adding an outlet" and "The retailer service agreement") ---

const DraftBody = Schema.Struct({
  idempotency_key: Schema.String.check(Schema.isPattern(IDEMPOTENCY_KEY)),
  sub_project: Text(MAX_QUERY_TEXT_LENGTH),
  place: Text(MAX_QUERY_TEXT_LENGTH),
  name: Schema.String,
  owner_name: Schema.String,
  phone: Schema.String,
  phone2: Schema.String,
  address: Schema.String,
  pin: Schema.String,
  location: Schema.NullOr(Location),
  photos: Schema.Array(Photo),
});

const RsaBody = Schema.Struct({
  signatory_name: Schema.String,
  signatory_phone: Schema.String,
  signed_on: Schema.String,
  agreed: Schema.Boolean,
  photos: Schema.Array(Photo),
});

export const captureOptions = endpoint({
  summary: "The sub-projects and places the auditor may add an outlet to",
  method: "GET",
  path: "/my-track/capture/options/",
  grant: "fieldAuditor",
  response: CaptureOptions,
});

export const sendOutletDraft = endpoint({
  summary: "Adds the outlet of a draft in its sub-project's first state, once per draft key",
  method: "POST",
  path: "/my-track/outlets/drafts/",
  grant: "fieldAuditor",
  body: DraftBody,
  response: SentOutlet,
  status: 201,
  refusals: [400],
});

export const fieldRsaDetail = endpoint({
  summary: "The retailer service agreement of the auditor's own outlet and its verification status",
  method: "GET",
  path: "/my-track/outlets/:slug/rsa/",
  grant: "fieldAuditor",
  params: OfOutlet,
  response: RsaDetail,
  refusals: [404],
});

export const sendRsa = endpoint({
  summary: "Records the retailer service agreement with its photos; its status becomes pending",
  method: "POST",
  path: "/my-track/outlets/:slug/rsa/",
  grant: "fieldAuditor",
  params: OfOutlet,
  body: RsaBody,
  response: RsaDetail,
  refusals: [400, 404, 409],
});

export const ownRank = endpoint({
  summary: "The auditor's own rank by the gamification points, over all time",
  method: "GET",
  path: "/my-track/rank/",
  grant: "fieldAuditor",
  response: OwnRank,
});
