/** Who may run identity checks and who may change the IFSC master: the domain's rules, every call. */
import type { Context } from "hono";
import { mayVerifyIdentity } from "../../src/domain/shared/permissions";
import { canUseUploadType, UPLOAD_TYPES } from "../../src/domain/uploads/uploadTypes";
import { FORBIDDEN, requireUser } from "../auth/guard";
import { userDetails } from "../auth/users";
import type { AppDeps, AppEnv } from "../context";
import { Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";

/** 401 signed out, 403 unless an internal KYC reviewer; they see every organisation's outlets. */
export async function requireVerifier(c: Context<AppEnv>, deps: AppDeps): Promise<OutletViewer> {
  const auth = requireUser(c);
  const details = await userDetails(deps.db, auth.user);
  if (!mayVerifyIdentity(details.permissions, details.organisation.kind))
    throw new Problem(403, { ...FORBIDDEN });
  return { ...auth, details };
}

/** The IFSC master is the bank code upload's list: the same roles change it row by row. */
export async function requireIfscMaster(c: Context<AppEnv>, deps: AppDeps): Promise<OutletViewer> {
  const auth = requireUser(c);
  const details = await userDetails(deps.db, auth.user);
  if (!canUseUploadType(UPLOAD_TYPES.bank_code, details)) throw new Problem(403, { ...FORBIDDEN });
  return { ...auth, details };
}
