/**
 * The check behind each grant of the API contract (src/domain/api/grants.ts): 401 when signed out,
 * 403 when the grant's rule refuses, else the caller the handler scopes its answer to.
 */
import type { Context } from "hono";
import type { Grant } from "../../src/domain/api/grants";
import { MANAGE_USERS } from "../../src/domain/permissions";
import { requirePermission, requireStaff, requireUser } from "../auth/guard";
import type { AppDeps, AppEnv } from "../context";
import { requireOutboxReader } from "../dev/access";
import { requireFieldTools } from "../fieldTools/access";
import { requireFieldAuditor } from "../fieldUsers/access";
import { requireLinkResetter } from "../mobile/linkReset";
import { requireOutletViewer } from "../outlets/access";
import { requireOutletWriter } from "../outlets/editPermission";
import { requireLinkExporter } from "../projects/mobileLinks";
import { requireIfscMaster, requireVerifier } from "../verification/access";

type Guard = (c: Context<AppEnv>, deps: AppDeps) => unknown;

export const GUARDS = {
  public: async () => null,
  signedIn: async (c) => requireUser(c),
  staffSelf: requireStaff,
  outletsRead: requireOutletViewer,
  outletsWrite: requireOutletWriter,
  fieldTools: requireFieldTools,
  manageUsers: (c, deps) => requirePermission(c, deps, MANAGE_USERS),
  fieldAuditor: requireFieldAuditor,
  resetMobileLink: requireLinkResetter,
  devOutbox: requireOutboxReader,
  exportMobileLinks: requireLinkExporter,
  verifyIdentity: requireVerifier,
  ifscMaster: requireIfscMaster,
} satisfies Record<Grant, Guard>;

export type CallerOf<G extends Grant> = Awaited<ReturnType<(typeof GUARDS)[G]>>;
