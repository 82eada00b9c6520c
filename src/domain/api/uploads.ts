/**
 * The bulk upload API (spec 000 §7.2), the stored file download and My Downloads. Each bulk upload
 * call names its upload type in the query (`object`; the job list `objects_type`) and is granted to
 * that type's roles; where the upload belongs (sub-project, organisation, question group) is read
 * from the query too, within the caller's organisation. Every query text is bounded (400 otherwise).
 */
import { Schema } from "effect";
import { ExportJobList } from "../downloads/downloads";
import { MAX_QUERY_TEXT_LENGTH } from "../shared/requestInput";
import {
  ActivationInfo,
  BulkUploadJob,
  BulkUploadJobList,
  JobActionAnswer,
  SubProjectChoices,
  UploadHelp,
} from "../uploads/bulkUpload";
import { UPLOAD_TYPE_KEYS, type UploadTypeKey } from "../uploads/uploadTypes";
import { Download, endpoint, Multipart } from "./endpoint";
import { Choice, FirstOf, IdText, Text } from "./fields";
import { FileId, JobId } from "./ids";

const TypeKey = FirstOf(Choice(UPLOAD_TYPE_KEYS as unknown as readonly [UploadTypeKey, ...UploadTypeKey[]]));

/** An optional query text; the first value counts when a key is repeated. */
const Given = Schema.optionalKey(FirstOf(Text(MAX_QUERY_TEXT_LENGTH)));

/**
 * Where an upload belongs: the sub-project by id (`sub_project`, the KYC types' `sub_project_id`,
 * or payout plotting's `config__name=sub_project` with `config__value`) or by slug from an address,
 * an organisation-admin screen's organisation, and the survey's question group. The server reads
 * them together (server/uploads/scope.ts): a sub-project id that is not a number is a 400 there.
 */
const Place = {
  sub_project: Given,
  sub_project_id: Given,
  config__name: Given,
  config__value: Given,
  sub_project_slug: Given,
  organisation: Given,
  question_group: Given,
};

const OfType = Schema.Struct({ object: TypeKey });
const OfJob = Schema.Struct({ id: IdText(JobId) });

/** The query field that names the upload type the grant reads the roles of. */
export const uploadTypeField = (query: Schema.Top): "object" | "objects_type" =>
  "fields" in query && Object.hasOwn(query.fields as object, "objects_type") ? "objects_type" : "object";

export const uploadHelp = endpoint({
  summary: "An upload type's template: its columns, their rules, how the sheet is read and its limits",
  method: "GET",
  path: "/bulk/upload/help/",
  grant: "uploadTypeRoles",
  query: Schema.Struct({ object: TypeKey, sub_project: Given }),
  response: UploadHelp,
  refusals: [400],
});

export const uploadSample = endpoint({
  summary: "An upload type's sample workbook: its columns with a sample row",
  method: "GET",
  path: "/bulk/upload/sample/",
  grant: "uploadTypeRoles",
  query: OfType,
  response: Download,
  refusals: [400],
});

export const uploadSubProjects = endpoint({
  summary: "The sub-projects the caller may upload to, optionally within one project",
  method: "GET",
  path: "/bulk/upload/sub-projects/",
  grant: "uploadTypeRoles",
  query: Schema.Struct({ object: TypeKey, project: Given }),
  response: SubProjectChoices,
  refusals: [400],
});

export const uploadJob = endpoint({
  summary: "One upload job of the type, with its progress, counts and result files",
  method: "GET",
  path: "/bulk/upload/:id/",
  grant: "uploadTypeRoles",
  params: OfJob,
  query: OfType,
  response: BulkUploadJob,
  refusals: [400, 404],
});

export const uploadJobs = endpoint({
  summary: "A page of the type's upload jobs where they belong, newest first, searched by file name",
  method: "GET",
  path: "/bulk/upload/",
  grant: "uploadTypeRoles",
  query: Schema.Struct({ objects_type: TypeKey, ...Place, search: Given }),
  paged: true,
  response: BulkUploadJobList,
  refusals: [400, 404],
});

export const uploadExcel = endpoint({
  summary: "Uploads an Excel file (the form's `file`) as a new job of the type, processed in the background",
  method: "POST",
  path: "/bulk/upload/",
  grant: "uploadTypeRoles",
  query: Schema.Struct({ object: TypeKey, ...Place }),
  body: Multipart,
  response: BulkUploadJob,
  status: 201,
  refusals: [400, 404, 413],
});

/** Confirm and cancel name the sub-project as the upload did; the job itself says where it belongs. */
const ActionQuery = Schema.Struct({
  object: TypeKey,
  sub_project: Given,
  sub_project_id: Given,
  question_group: Given,
});

export const confirmUpload = endpoint({
  summary:
    "Confirms a processed job (`activate`): its clean rows are applied, or a payment is paid through the gateway",
  method: "POST",
  path: "/bulk/upload/:id/activate/",
  grant: "uploadTypeRoles",
  params: OfJob,
  query: ActionQuery,
  response: JobActionAnswer,
  refusals: [400, 404, 409, 503],
});

export const cancelUpload = endpoint({
  summary: "Cancels a job that is not yet confirmed",
  method: "POST",
  path: "/bulk/upload/:id/cancel/",
  grant: "uploadTypeRoles",
  params: OfJob,
  query: ActionQuery,
  response: JobActionAnswer,
  refusals: [400, 404, 409],
});

export const paymentActivationInfo = endpoint({
  summary: "What paying a payment job would pay: how many rows, and the amount in words",
  method: "GET",
  path: "/bulk/upload/:id/get-icici-upi-activation-info/",
  grant: "uploadTypeRoles",
  params: OfJob,
  query: OfType,
  response: ActivationInfo,
  refusals: [400, 404],
});

export const storedFile = endpoint({
  summary:
    "A stored file (an upload, its clean and unclean rows, an export, a field app dump) under its name; an expired one says so",
  method: "GET",
  path: "/files/:id/:name",
  grant: "readStoredFile",
  // The name only keeps the browser's file name right: the id names the file.
  params: Schema.Struct({ id: IdText(FileId), name: Schema.String }),
  response: Download,
  refusals: [404],
});

export const myExports = endpoint({
  summary: "My Downloads: a page of the caller's own exports with their status and file while it lasts",
  method: "GET",
  path: "/exports/",
  grant: "staffSelf",
  paged: true,
  response: ExportJobList,
  refusals: [400],
});
