/**
 * Where an upload belongs and whether the caller may touch it: the organisation, and for
 * sub-project types the project and sub-project, checked against the caller's organisation.
 */

import type { Context } from "hono";
import type { UserDetails } from "../../src/domain/auth/auth";
import { decodeRowId } from "../../src/domain/shared/requestInput";
import { organisationSlug } from "../../src/domain/uploads/bulkUpload";
import {
  canUseUploadType,
  isUploadTypeKey,
  UPLOAD_TYPES,
  type UploadType,
} from "../../src/domain/uploads/uploadTypes";
import { FORBIDDEN, requireUser } from "../auth/guard";
import { isInternal, maySeeOrganisation } from "../auth/organisationScope";
import { type UserRow, userDetails } from "../auth/users";
import type { AppDeps, AppEnv, AuthState } from "../context";
import type { Queryable } from "../db/db";
import { fieldProblem, Problem, REQUIRED } from "../http/problem";

export type UploadScope = {
  organisationId: number;
  projectId: number | null;
  subProjectId: number | null;
  subProjectName: string | null;
  questionGroup: string | null;
};

export type Caller = AuthState;

/** The signed-in caller, allowed to use the type (403 otherwise). */
export async function callerFor(c: Context<AppEnv>, deps: AppDeps, type: UploadType): Promise<Caller> {
  const auth = requireUser(c);
  const details = await userDetails(deps.db, auth.user);
  if (!canUseUploadType(type, details)) throw new Problem(403, { ...FORBIDDEN });
  return auth;
}

/** May the caller see and act on things of this organisation? Internal staff serve every client. */
export const mayActFor = (caller: Caller, organisationId: number): boolean =>
  maySeeOrganisation(caller.user, organisationId);

/**
 * May this user see a job of this type and organisation? The rule of the job list: the type's roles
 * (canUseUploadType) and the organisation. Files of a job follow it (server/uploads/files.ts).
 */
export function maySeeJob(
  user: UserRow,
  details: UserDetails,
  job: { object_type: string; organisation_id: number },
): boolean {
  const type = isUploadTypeKey(job.object_type) ? UPLOAD_TYPES[job.object_type] : undefined;
  return !!type && canUseUploadType(type, details) && maySeeOrganisation(user, job.organisation_id);
}

/**
 * The sub-project id of a call: `sub_project`, the KYC and SKU-assign alternate `sub_project_id`,
 * or the payout plotting pair config__name=sub_project and config__value (spec 000 §7.2).
 */
export function subProjectParam(query: (key: string) => string | undefined): string | undefined {
  if (query("config__name") === "sub_project") return query("config__value");
  return query("sub_project") ?? query("sub_project_id");
}

export async function resolveScope(
  db: Queryable,
  caller: Caller,
  type: UploadType,
  query: (key: string) => string | undefined,
): Promise<UploadScope> {
  const questionGroup = query("question_group")?.trim() || null;
  if (type.scope === "subProject") {
    const raw = subProjectParam(query);
    // A direct link has no navigation state: the screen then names the sub-project by its slug.
    const slug = query("sub_project_slug");
    if (!raw && !slug) throw fieldProblem("sub_project", REQUIRED);
    const id = raw ? decodeRowId(raw) : 0;
    if (id === null) throw fieldProblem("sub_project", "A valid integer is required.");
    const [row] = await db.query<{ id: number; name: string; project_id: number; organisation_id: number }>(
      `SELECT s.id, s.name, s.project_id, p.organisation_id
       FROM sub_projects s JOIN projects p ON p.id = s.project_id WHERE ${raw ? "s.id = $1" : "s.slug = $1"}`,
      [raw ? id : slug],
    );
    if (!row || !mayActFor(caller, row.organisation_id)) throw new Problem(404, { detail: "Not found." });
    return {
      organisationId: row.organisation_id,
      projectId: row.project_id,
      subProjectId: row.id,
      subProjectName: row.name,
      questionGroup,
    };
  }
  if (type.scope === "organisation") {
    const slug = query("organisation");
    if (slug) {
      const orgs = await db.query<{ id: number; name: string }>("SELECT id, name FROM organisations");
      const org = orgs.find((o) => organisationSlug(o.name) === slug.toLowerCase());
      if (!org || !mayActFor(caller, org.id)) throw new Problem(404, { detail: "Not found." });
      return {
        organisationId: org.id,
        projectId: null,
        subProjectId: null,
        subProjectName: null,
        questionGroup,
      };
    }
  }
  return {
    organisationId: caller.user.organisation_id,
    projectId: null,
    subProjectId: null,
    subProjectName: null,
    questionGroup,
  };
}

export type SubProjectChoice = { id: number; name: string; project: string; project_slug: string };

/** The sub-projects a caller may upload to, optionally within one project (for the sub-project picker). */
export async function subProjectChoices(
  db: Queryable,
  caller: Caller,
  projectSlug: string | undefined,
): Promise<SubProjectChoice[]> {
  return db.query<SubProjectChoice>(
    `SELECT s.id, s.name, p.name AS project, p.slug AS project_slug
     FROM sub_projects s JOIN projects p ON p.id = s.project_id
     WHERE ($1::boolean OR p.organisation_id = $2) AND ($3::text IS NULL OR p.slug = $3)
     ORDER BY p.name, s.id`,
    [isInternal(caller.user), caller.user.organisation_id, projectSlug ?? null],
  );
}
