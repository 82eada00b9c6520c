/**
 * The field auditor's own area (eMyTrack, docs/field-user.md): only what the signed-in field
 * auditor is assigned. Another auditor's outlet is 404, the same as one that does not exist.
 */
import { Schema } from "effect";
import {
  CHOOSE_FIELD_LIST,
  FIELD_LISTS,
  FieldOutletDetail,
  FieldOutletPage,
  FieldOutletSummary,
  FieldSurveyListing,
} from "../fieldUser";
import { MAX_QUERY_TEXT_LENGTH } from "../requestInput";
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
