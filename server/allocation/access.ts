/** Who allocates a team's work: the domain's rule for the team the path names, every call. */
import type { Context } from "hono";
import { type AllocationTeam, isAllocationTeam, mayAllocate } from "../../src/domain/shared/permissions";
import { FORBIDDEN, requireUser } from "../auth/guard";
import { userDetails } from "../auth/users";
import type { AppDeps, AppEnv } from "../context";
import { NOT_FOUND, Problem } from "../http/problem";
import type { OutletViewer } from "../outlets/access";

export type Allocator = OutletViewer & { team: AllocationTeam };

/** 401 signed out, 404 for a team that does not exist, 403 unless the team's manager or a project manager (internal). */
export async function requireAllocator(c: Context<AppEnv>, deps: AppDeps): Promise<Allocator> {
  const auth = requireUser(c);
  const team = c.req.param("team") ?? "";
  if (!isAllocationTeam(team)) throw new Problem(404, { ...NOT_FOUND });
  const details = await userDetails(deps.db, auth.user);
  if (!mayAllocate(team, details.permissions, details.organisation.kind))
    throw new Problem(403, { ...FORBIDDEN });
  return { ...auth, details, team };
}
