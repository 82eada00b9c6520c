/**
 * Branded row ids: an outlet's id cannot be passed where a workflow object's is expected, on the
 * client or on the server. Each id is a whole number from 1 to MAX_ROW_ID; in a path or a query it
 * travels as plain digits (`IdFromText`).
 */
import { Schema, SchemaTransformation } from "effect";
import { MAX_ROW_ID } from "../shared/requestInput";

/** The line a query or body field gets for an id no row can have. */
export const ONE_RECORD_ID = "Give the id of one record.";

const RowId = Schema.Number.annotate({ message: ONE_RECORD_ID }).check(
  Schema.isInt({ message: ONE_RECORD_ID }),
  Schema.isBetween({ minimum: 1, maximum: MAX_ROW_ID }, { message: ONE_RECORD_ID }),
);

export const OutletId = RowId.pipe(Schema.brand("OutletId"));
export type OutletId = typeof OutletId.Type;
export const WorkflowObjectId = RowId.pipe(Schema.brand("WorkflowObjectId"));
export type WorkflowObjectId = typeof WorkflowObjectId.Type;
export const RetailerRequestId = RowId.pipe(Schema.brand("RetailerRequestId"));
export type RetailerRequestId = typeof RetailerRequestId.Type;
export const AnswerId = RowId.pipe(Schema.brand("AnswerId"));
export type AnswerId = typeof AnswerId.Type;
export const AnswerImageId = RowId.pipe(Schema.brand("AnswerImageId"));
export type AnswerImageId = typeof AnswerImageId.Type;
export const QuestionId = RowId.pipe(Schema.brand("QuestionId"));
export type QuestionId = typeof QuestionId.Type;
export const ProjectId = RowId.pipe(Schema.brand("ProjectId"));
export type ProjectId = typeof ProjectId.Type;
export const SubProjectId = RowId.pipe(Schema.brand("SubProjectId"));
export type SubProjectId = typeof SubProjectId.Type;
export const UserId = RowId.pipe(Schema.brand("UserId"));
export type UserId = typeof UserId.Type;
export const FileId = RowId.pipe(Schema.brand("FileId"));
export type FileId = typeof FileId.Type;
export const JobId = RowId.pipe(Schema.brand("JobId"));
export type JobId = typeof JobId.Type;
export const InvoiceId = RowId.pipe(Schema.brand("InvoiceId"));
export type InvoiceId = typeof InvoiceId.Type;
export const TargetStatementId = RowId.pipe(Schema.brand("TargetStatementId"));
export type TargetStatementId = typeof TargetStatementId.Type;
export const OutletImageId = RowId.pipe(Schema.brand("OutletImageId"));
export type OutletImageId = typeof OutletImageId.Type;

const DIGITS = /^\s*\d{1,10}\s*$/;

/**
 * An id written as digits (a path segment or a query value) decoded to its branded number, and
 * encoded back to digits.
 */
export const IdFromText = <S extends Schema.Codec<unknown, number>>(id: S) =>
  Schema.String.check(Schema.isPattern(DIGITS, { message: ONE_RECORD_ID })).pipe(
    Schema.decodeTo(id, SchemaTransformation.numberFromString),
  );
export const RecoveryRequestId = RowId.pipe(Schema.brand("RecoveryRequestId"));
export type RecoveryRequestId = typeof RecoveryRequestId.Type;
export const Form16BatchId = RowId.pipe(Schema.brand("Form16BatchId"));
export type Form16BatchId = typeof Form16BatchId.Type;
export const CallingTrackerId = RowId.pipe(Schema.brand("CallingTrackerId"));
export type CallingTrackerId = typeof CallingTrackerId.Type;
/** A collected bill: one invoice of a workflow object (001 §3 invoice result, 002 §3), not a retailer's PDF. */
export const InvoiceRecordId = RowId.pipe(Schema.brand("InvoiceRecordId"));
export type InvoiceRecordId = typeof InvoiceRecordId.Type;
export const InvoiceImageId = RowId.pipe(Schema.brand("InvoiceImageId"));
export type InvoiceImageId = typeof InvoiceImageId.Type;
export const InvoiceHeaderId = RowId.pipe(Schema.brand("InvoiceHeaderId"));
export type InvoiceHeaderId = typeof InvoiceHeaderId.Type;
export const InvoiceSkuRowId = RowId.pipe(Schema.brand("InvoiceSkuRowId"));
export type InvoiceSkuRowId = typeof InvoiceSkuRowId.Type;
export const SkuTemplateFieldId = RowId.pipe(Schema.brand("SkuTemplateFieldId"));
export type SkuTemplateFieldId = typeof SkuTemplateFieldId.Type;
/** An entry of a sub-project's SKU list (sub_project_skus), not a catalogue SKU. */
export const SubProjectSkuId = RowId.pipe(Schema.brand("SubProjectSkuId"));
export type SubProjectSkuId = typeof SubProjectSkuId.Type;
/** A team's automatic assignment rule (docs/allocation.md, "Rules"). */
export const AllocationRuleId = RowId.pipe(Schema.brand("AllocationRuleId"));
export type AllocationRuleId = typeof AllocationRuleId.Type;
/** A catalogue SKU (skus), offered to SKU questions. */
export const SkuId = RowId.pipe(Schema.brand("SkuId"));
export type SkuId = typeof SkuId.Type;
export const QuestionGroupId = RowId.pipe(Schema.brand("QuestionGroupId"));
export type QuestionGroupId = typeof QuestionGroupId.Type;
/** A scoring parameter group of a sub-project (docs/scoring.md). */
export const ScoringGroupId = RowId.pipe(Schema.brand("ScoringGroupId"));
export type ScoringGroupId = typeof ScoringGroupId.Type;
export const OrganisationId = RowId.pipe(Schema.brand("OrganisationId"));
export type OrganisationId = typeof OrganisationId.Type;
export const RoleId = RowId.pipe(Schema.brand("RoleId"));
export type RoleId = typeof RoleId.Type;
export const PermissionId = RowId.pipe(Schema.brand("PermissionId"));
export type PermissionId = typeof PermissionId.Type;
/** One recorded PAN, GST, account or IFSC check. */
export const VerificationCheckId = RowId.pipe(Schema.brand("VerificationCheckId"));
export type VerificationCheckId = typeof VerificationCheckId.Type;
export const IfscMasterChangeId = RowId.pipe(Schema.brand("IfscMasterChangeId"));
export type IfscMasterChangeId = typeof IfscMasterChangeId.Type;
/** A record of one of the resource layer's resources; which table depends on the resource. */
export const ResourceRecordId = RowId.pipe(Schema.brand("ResourceRecordId"));
export type ResourceRecordId = typeof ResourceRecordId.Type;
export const NotificationId = RowId.pipe(Schema.brand("NotificationId"));
export type NotificationId = typeof NotificationId.Type;
export const FieldAppDumpId = RowId.pipe(Schema.brand("FieldAppDumpId"));
export type FieldAppDumpId = typeof FieldAppDumpId.Type;
export const UnicornScanId = RowId.pipe(Schema.brand("UnicornScanId"));
export type UnicornScanId = typeof UnicornScanId.Type;
export const UnicornPairId = RowId.pipe(Schema.brand("UnicornPairId"));
export type UnicornPairId = typeof UnicornPairId.Type;
/** One message of a bulk messaging upload's delivery log. */
export const MessageId = RowId.pipe(Schema.brand("MessageId"));
export type MessageId = typeof MessageId.Type;
export const PayoutId = RowId.pipe(Schema.brand("PayoutId"));
export type PayoutId = typeof PayoutId.Type;
/** A message the development outbox holds in place of a gateway. */
export const OutboxMessageId = RowId.pipe(Schema.brand("OutboxMessageId"));
export type OutboxMessageId = typeof OutboxMessageId.Type;
export const SessionId = RowId.pipe(Schema.brand("SessionId"));
export type SessionId = typeof SessionId.Type;
/** An export into My Downloads. */
export const ExportJobId = RowId.pipe(Schema.brand("ExportJobId"));
export type ExportJobId = typeof ExportJobId.Type;
export const SkuTemplateId = RowId.pipe(Schema.brand("SkuTemplateId"));
export type SkuTemplateId = typeof SkuTemplateId.Type;
export const ProgramId = RowId.pipe(Schema.brand("ProgramId"));
export type ProgramId = typeof ProgramId.Type;
/** An entry of an outlet's log (outlet_logs). */
export const OutletLogId = RowId.pipe(Schema.brand("OutletLogId"));
export type OutletLogId = typeof OutletLogId.Type;
/** A field auditor (field_auditors), who signs in to eMyTrack with a code; not a staff user. */
export const FieldAuditorId = RowId.pipe(Schema.brand("FieldAuditorId"));
export type FieldAuditorId = typeof FieldAuditorId.Type;
/** A region (regions), one of an outlet's places. */
export const RegionId = RowId.pipe(Schema.brand("RegionId"));
export type RegionId = typeof RegionId.Type;
/** A territory (territories), an allocation rule's place. */
export const TerritoryId = RowId.pipe(Schema.brand("TerritoryId"));
export type TerritoryId = typeof TerritoryId.Type;
