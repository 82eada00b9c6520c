/**
 * The check behind each grant of the API contract (src/domain/api/grants.ts): 401 when signed out,
 * 403 when the grant's rule refuses, else the caller the handler scopes its answer to.
 */
import type { Context } from "hono";
import type { ResourceDefinition } from "../../src/domain/admin/resource";
import { RESOURCES } from "../../src/domain/admin/resourceCatalogue";
import type { AnyEndpoint } from "../../src/domain/api/endpoint";
import type { Grant } from "../../src/domain/api/grants";
import { MANAGE_USERS } from "../../src/domain/shared/permissions";
import { requireReader, requireWriter } from "../admin/writer";
import { requireAllocator } from "../allocation/access";
import { requirePermission, requireStaff, requireUser } from "../auth/guard";
import type { AppDeps, AppEnv } from "../context";
import { requireOutboxReader } from "../dev/access";
import { requireFieldTools } from "../fieldTools/access";
import { requireFieldAuditor } from "../fieldUsers/access";
import { requireInvoiceSetter } from "../invoiceSetup/access";
import { requireLookupCaller } from "../lookups/access";
import { requireMessageReader } from "../messaging/access";
import { requireLinkResetter } from "../mobile/linkReset";
import { requireOutletViewer } from "../outlets/access";
import { requireOutletWriter } from "../outlets/editPermission";
import { requirePhotoAuditor } from "../photoAudit/access";
import { requireLinkExporter } from "../projects/mobileLinks";
import { requireReportReader } from "../reports/access";
import { requireForm16Issuer, requireTaxReader } from "../tax/access";
import { requireFileReader, requireUploadTypeRole } from "../uploads/access";
import { requireIfscMaster, requireVerifier } from "../verification/access";

type Guard = (c: Context<AppEnv>, deps: AppDeps, e: AnyEndpoint) => unknown;

/** The administered resource an endpoint names, whose permissions its grant checks. */
function resourceOf(e: AnyEndpoint): ResourceDefinition {
  const def = RESOURCES.find((d) => d.name === e.resource);
  if (!def) throw new Error(`${e.method} ${e.path}: no administered resource ${e.resource}`);
  return def;
}

export const GUARDS = {
  public: async () => null,
  signedIn: async (c) => requireUser(c),
  staffSelf: requireStaff,
  outletsRead: requireOutletViewer,
  outletsWrite: requireOutletWriter,
  fieldTools: requireFieldTools,
  lookupObjects: requireLookupCaller,
  manageUsers: (c, deps) => requirePermission(c, deps, MANAGE_USERS),
  fieldAuditor: requireFieldAuditor,
  resetMobileLink: requireLinkResetter,
  devOutbox: requireOutboxReader,
  exportMobileLinks: requireLinkExporter,
  resourceRead: (c, deps, e) => requireReader(c, deps, resourceOf(e)),
  resourceWrite: (c, deps, e) => requireWriter(c, deps, resourceOf(e)),
  setUpInvoices: requireInvoiceSetter,
  auditPhotos: requirePhotoAuditor,
  verifyIdentity: requireVerifier,
  ifscMaster: requireIfscMaster,
  uploadTypeRoles: requireUploadTypeRole,
  retailAuditReport: requireReportReader("retail-audit"),
  performanceReport: requireReportReader("performance"),
  misReport: requireReportReader("mis"),
  readStoredFile: requireFileReader,
  taxRead: requireTaxReader,
  taxIssue: requireForm16Issuer,
  messageLogs: requireMessageReader,
  allocateTeam: requireAllocator,
} satisfies Record<Grant, Guard>;

export type CallerOf<G extends Grant> = Awaited<ReturnType<(typeof GUARDS)[G]>>;
