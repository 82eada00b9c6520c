/**
 * The field tools (spec 002 §7): lookups for the forms, field app dumps and outlet field recovery,
 * for internal users holding a field-tools permission. The two lists page with their own default
 * size (DUMP_PAGE_SIZE, RECOVERY_PAGE_SIZE), read by the handler beside the search.
 */
import { Schema } from "effect";
import {
  Detail,
  FieldAppDump,
  FieldAppDumpList,
  RecoveryRequest,
  RecoveryRequestList,
} from "../fieldTools/fieldTools";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import { Download, endpoint, Multipart } from "./endpoint";
import { FirstOf, IdText, NamedList, Text } from "./fields";
import { FieldAuditorId, ONE_RECORD_ID, ProjectId, RecoveryRequestId, SubProjectId } from "./ids";

const Searched = Schema.Struct({ search: Schema.optionalKey(FirstOf(Text(MAX_QUERY_TEXT_LENGTH))) });
const OfRequest = Schema.Struct({ id: IdText(RecoveryRequestId) });

export const fieldProjects = endpoint({
  summary: "The projects a field tool's form offers",
  method: "GET",
  path: "/field-tools/projects/",
  grant: "fieldTools",
  response: NamedList(ProjectId),
});

export const fieldSubProjects = endpoint({
  summary: "A project's sub-projects",
  method: "GET",
  path: "/field-tools/sub-projects/",
  grant: "fieldTools",
  query: Schema.Struct({ project_id: IdText(ProjectId, ONE_RECORD_ID) }),
  response: NamedList(SubProjectId),
  refusals: [400],
});

export const fieldAuditors = endpoint({
  summary: "The field auditors of a sub-project",
  method: "GET",
  path: "/field-tools/auditors/",
  grant: "fieldTools",
  query: Schema.Struct({ sub_project_id: IdText(SubProjectId, ONE_RECORD_ID) }),
  response: NamedList(FieldAuditorId),
  refusals: [400],
});

export const fieldAppDumps = endpoint({
  summary: "The field app dumps uploaded, newest first, searched by file or auditor",
  method: "GET",
  path: "/field-app-dumps/",
  grant: "fieldTools",
  query: Searched,
  response: FieldAppDumpList,
  refusals: [400],
});

export const uploadFieldAppDump = endpoint({
  summary: "Uploads a field auditor's app dump, processed in the background",
  method: "POST",
  path: "/field-app-dumps/",
  grant: "fieldTools",
  body: Multipart,
  response: FieldAppDump,
  status: 201,
  refusals: [400, 413],
});

export const recoveryRequests = endpoint({
  summary: "The outlet recovery requests, newest first, searched by RSID or auditor",
  method: "GET",
  path: "/outlet-recovery/",
  grant: "fieldTools",
  query: Searched,
  response: RecoveryRequestList,
  refusals: [400],
});

/** Checked field by field in the spec's order, each refusal with its message (spec 002 §5, §8). */
export const createRecoveryRequest = endpoint({
  summary: "Asks for outlets to be recovered to a field auditor",
  method: "POST",
  path: "/outlet-recovery/",
  grant: "fieldTools",
  body: Schema.Record(Schema.String, Schema.Unknown),
  response: RecoveryRequest,
  status: 201,
  refusals: [400],
});

export const confirmRecoveryRequest = endpoint({
  summary: "Confirms a recovery request: its outlets move to the auditor in the background",
  method: "POST",
  path: "/outlet-recovery/:id/confirm/",
  grant: "fieldTools",
  params: OfRequest,
  response: Detail,
  refusals: [404, 409],
});

export const cancelRecoveryRequest = endpoint({
  summary: "Cancels a recovery request not yet confirmed",
  method: "POST",
  path: "/outlet-recovery/:id/cancel/",
  grant: "fieldTools",
  params: OfRequest,
  response: Detail,
  refusals: [404, 409],
});

export const recoveryReport = endpoint({
  summary: "A recovery request's outcome per RSID, as CSV",
  method: "POST",
  path: "/outlet-recovery/:id/report/",
  grant: "fieldTools",
  params: OfRequest,
  response: Download,
  refusals: [404],
});
