/**
 * The capabilities an endpoint is granted by. Each names the rule that decides it (in
 * src/domain/shared/permissions.ts, outletReview.ts or resourceRights.ts); the server checks it before a
 * request is decoded, and every answer is scoped to the caller's organisation by the handler.
 * Holding some permission is never a grant of its own.
 */
export const GRANTS = {
  public: "anyone, signed in or not (sign-in, one-time codes, the retailer's link)",
  signedIn: "any signed-in user acting on what is their own (their sessions, their own outlet)",
  staffSelf: "a staff member (who signs in with a password) acting on their own account or files",
  outletsRead: "a permission that reads outlets (`mayReadOutlets`), within the caller's organisation",
  outletsWrite: "an outlet permission that edits in the outlet's current state (`hasEditPermission`)",
  fieldTools: "an internal user holding a field-tools permission (`mayUseFieldTools`)",
  lookupObjects:
    "a field-tools user or an outlet reader; each object of the multi-object lookup by its own grant (`LOOKUP_OBJECTS`), its lists within the caller's organisation",
  manageUsers: "the manage-users permission, within the caller's organisation",
  fieldAuditor: "a field auditor, on the outlets assigned to them (the eMyTrack area)",
  resetMobileLink:
    "an outlet reader who may move a retailer's link to a new phone (`mayResetMobileLink`), on outlets they see",
  devOutbox:
    "demo mode only: a browser on the server's own machine, or a signed-in admin (the development outbox)",
  exportMobileLinks:
    "a permission that sets projects up (`mayExportMobileLinks`): retailer links open a retailer's earnings",
  resourceRead:
    "a permission of the administered resource's read list (its definition's `read`), within the caller's organisation; the internal organisation's resources, its users only (`mayReadResource`)",
  resourceWrite:
    "a permission of the resource's write list (`write`); what every organisation shares, internal administrators only (`mayWriteShared`)",
  setUpInvoices:
    "an internal user who sets projects up (`maySetUpInvoices`): a client's users never change what its invoices ask",
  auditPhotos:
    "an internal QC manager or project manager (`mayAuditPhotos`): approves or rejects a sub-project's survey photos",
  verifyIdentity:
    "an internal reviewer who checks KYC (`mayVerifyIdentity`): IFSC, PAN, GST, account and UPI checks",
  ifscMaster: "a user who may upload IFSC bank codes (the bank_code upload's roles): the IFSC master",
  uploadTypeRoles:
    "a user holding one of the roles of the upload type the query names (`object`, the job list's `objects_type`; `canUseUploadType`); jobs and places within the caller's organisation (`mayActFor`)",
  retailAuditReport:
    "a permission that runs the retail audit report (`mayRunReport`), over the cycles of the caller's organisation",
  performanceReport:
    "a permission that runs the performance report (`mayRunReport`), over the statements of the caller's organisation",
  misReport:
    "a permission that runs the MIS report (`mayRunReport`), over the sub-projects of the caller's organisation",
  readStoredFile:
    "a staff member a stored file is open to (`mayReadFile`): an export its requester alone; any other file its owner, a field app dump every field-tools user, an upload job's files whoever may see the job (`maySeeJob`)",
  taxRead:
    "the payout team: an internal IFTU manager or executive or project manager (`mayReadTax`); TDS and Form 16 figures of every organisation's payouts",
  taxIssue:
    "an internal IFTU manager or project manager (`mayIssueForm16`): makes or uploads Form 16 statements",
  messageLogs:
    "an internal calling or project manager, who sends Bulk WhatsApp Messages (`mayReadMessageLogs`): the delivery logs",
  allocateTeam:
    "a manager of the team the path names, or a project manager, of the internal organisation (`mayAllocate`): QC, calling or IFTU work",
} as const;

export type Grant = keyof typeof GRANTS;
