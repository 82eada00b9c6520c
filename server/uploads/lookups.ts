/**
 * What upload rows are checked against, loaded once per file so each row is checked in memory:
 * the records a column may name (matched without case, answered in their stored spelling), the
 * records that already exist, and the roles the uploader may grant.
 */

import { mayHoldRole, roleInternalOnly } from "../../src/domain/shared/permissions";
import {
  mayChangeUser,
  mayGrantRole,
  type RecordKind,
  type RefKind,
  type RefLookup,
  recordKeyText,
  roleNotGrantable,
  type UploadContext,
  type UploadType,
} from "../../src/domain/uploads/uploadTypes";
import { maySeeOrganisation } from "../auth/organisationScope";
import type { Queryable } from "../db/db";
import type { UploadScope } from "./scope";

type Loader = (db: Queryable, scope: UploadScope) => Promise<string[]>;

const names = async (db: Queryable, sql: string, params: unknown[] = []) =>
  (await db.query<{ v: string }>(sql, params)).map((r) => String(r.v));

/** Outlets of the scope's organisation's projects; the internal organisation sees every outlet. */
const OUTLETS_IN_SCOPE = `
  FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id JOIN projects p ON p.id = s.project_id
  WHERE p.organisation_id = $1 OR (SELECT kind FROM organisations WHERE id = $1) = 'internal'`;

const LOADERS: Readonly<Record<RefKind, Loader>> = {
  region: (db, s) =>
    names(db, "SELECT name AS v FROM regions WHERE organisation_id = $1", [s.organisationId]),
  zone: (db, s) =>
    names(
      db,
      "SELECT z.name AS v FROM zones z JOIN regions r ON r.id = z.region_id WHERE r.organisation_id = $1",
      [s.organisationId],
    ),
  state: (db) => names(db, "SELECT name AS v FROM states"),
  role: (db) => names(db, "SELECT name AS v FROM roles"),
  outlet: (db, s) => names(db, `SELECT o.rsid AS v ${OUTLETS_IN_SCOPE}`, [s.organisationId]),
  outletId: (db, s) => names(db, `SELECT o.id::text AS v ${OUTLETS_IN_SCOPE}`, [s.organisationId]),
  username: (db) => names(db, "SELECT username AS v FROM users"),
  organisationUser: (db, s) =>
    names(db, "SELECT username AS v FROM users WHERE organisation_id = $1", [s.organisationId]),
  anyOutlet: (db) => names(db, "SELECT rsid AS v FROM outlets"),
  catalogueSku: (db, s) =>
    names(db, "SELECT sku_code AS v FROM skus WHERE organisation_id = $1", [s.organisationId]),
  generalQuestionGroup: (db, s) =>
    names(db, "SELECT name AS v FROM question_groups WHERE sub_project_id = $1 AND type <> 'sku_group'", [
      s.subProjectId,
    ]),
  subProjectOutlet: (db, s) =>
    names(db, "SELECT rsid AS v FROM outlets WHERE sub_project_id = $1", [s.subProjectId]),
  fieldAuditor: (db, s) =>
    names(
      db,
      `SELECT a.mobile AS v FROM field_auditors a JOIN organisations g ON g.id = a.organisation_id
       WHERE a.organisation_id = $1 OR g.kind = 'internal'`,
      [s.organisationId],
    ),
  plottedPayout: (db, s) =>
    names(
      db,
      `SELECT DISTINCT o.rsid AS v FROM outlet_payouts p JOIN outlets o ON o.id = p.outlet_id
       WHERE p.sub_project_id = $1 AND p.payment_status = 'plotted'`,
      [s.subProjectId],
    ),
};

/** Existing records as their key columns' values (in the order of the type's record key). */
const RECORD_LOADERS: Readonly<
  Record<RecordKind, (db: Queryable, s: UploadScope) => Promise<{ a: string; b: string }[]>>
> = {
  city: (db) => db.query("SELECT c.name AS a, s.name AS b FROM cities c JOIN states s ON s.id = c.state_id"),
  zone: (db, s) =>
    db.query(
      "SELECT z.name AS a, r.name AS b FROM zones z JOIN regions r ON r.id = z.region_id WHERE r.organisation_id = $1",
      [s.organisationId],
    ),
  territory: (db, s) =>
    db.query(
      `SELECT t.name AS a, z.name AS b FROM territories t JOIN zones z ON z.id = t.zone_id
       JOIN regions r ON r.id = z.region_id WHERE r.organisation_id = $1`,
      [s.organisationId],
    ),
  panelOutlet: (db, s) =>
    db.query(
      `SELECT p.name AS a, o.rsid AS b FROM panel_outlets l JOIN panels p ON p.id = l.panel_id
       JOIN outlets o ON o.id = l.outlet_id WHERE p.sub_project_id = $1`,
      [s.subProjectId],
    ),
  question: (db, s) =>
    db.query(
      `SELECT g.name AS a, q.name AS b FROM questions q JOIN question_groups g ON g.id = q.question_group_id
       WHERE g.sub_project_id = $1`,
      [s.subProjectId],
    ),
};

/** Outlet ids compare as numbers ("007" names outlet 7); everything else without case or outer spaces. */
const keyOf = (kind: RefKind, value: string) =>
  kind === "outletId" ? value.trim().replace(/^0+(?=\d)/, "") : value.trim().toLowerCase();

/** Stored spellings by their compared key; an exact spelling wins over the others. */
function refIndex(kind: RefKind, values: readonly string[]) {
  const index = new Map<string, string[]>();
  for (const v of values) {
    const key = keyOf(kind, v);
    const list = index.get(key);
    if (list) list.push(v);
    else index.set(key, [v]);
  }
  return (value: string): readonly string[] => {
    const found = index.get(keyOf(kind, value)) ?? [];
    return found.length > 1 && found.includes(value.trim()) ? [value.trim()] : found;
  };
}

/** The permissions a user holds through their roles. */
async function permissionsOf(db: Queryable, userId: number): Promise<Set<string>> {
  return new Set(
    await names(
      db,
      `SELECT DISTINCT p.name AS v FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
       JOIN permissions p ON p.id = rp.permission_id WHERE ur.user_id = $1`,
      [userId],
    ),
  );
}

/** The user's permissions where they may act for the organisation, or null where they may not. */
async function permissionsIn(db: Queryable, userId: number, organisationId: number) {
  const [user] = await db.query<{ organisation_id: number; organisation_kind: "internal" | "client" }>(
    `SELECT u.organisation_id, o.kind AS organisation_kind
     FROM users u JOIN organisations o ON o.id = u.organisation_id WHERE u.id = $1`,
    [userId],
  );
  return user && maySeeOrganisation(user, organisationId) ? permissionsOf(db, userId) : null;
}

/**
 * The roles a user may grant in an organisation: none outside the organisations they may act for
 * (their own; internal staff serve every client), and there those whose permissions are all theirs
 * and which a user of that organisation may hold (no internal-only role for a client's user).
 */
export async function grantableRoles(
  db: Queryable,
  userId: number,
  organisationId: number,
): Promise<Set<string>> {
  const own = await permissionsIn(db, userId, organisationId);
  if (!own) return new Set();
  const notHeld = await rolesNotHeldIn(db, organisationId);
  const roles = await db.query<{ name: string; permissions: string[] | null }>(
    `SELECT r.name, array_agg(p.name) FILTER (WHERE p.name IS NOT NULL) AS permissions
     FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id LEFT JOIN permissions p ON p.id = rp.permission_id
     GROUP BY r.name`,
  );
  return new Set(
    roles
      .filter(
        (r) => mayGrantRole(own, { name: r.name, permissions: r.permissions ?? [] }) && !notHeld.has(r.name),
      )
      .map((r) => r.name),
  );
}

/** The roles a user of this organisation may not hold: for a client's, those with an internal-only permission. */
export async function rolesNotHeldIn(db: Queryable, organisationId: number): Promise<Set<string>> {
  const [organisation] = await db.query<{ kind: string }>("SELECT kind FROM organisations WHERE id = $1", [
    organisationId,
  ]);
  const roles = await db.query<{ name: string; permissions: string[] | null }>(
    `SELECT r.name, array_agg(p.name) FILTER (WHERE p.name IS NOT NULL) AS permissions
     FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id LEFT JOIN permissions p ON p.id = rp.permission_id
     GROUP BY r.name`,
  );
  const kind = organisation?.kind ?? "client";
  return new Set(roles.filter((r) => !mayHoldRole(kind, r.permissions ?? [])).map((r) => r.name));
}

/**
 * The users of an organisation a user may change: none outside the organisations they may act for,
 * and there those whose permissions are all theirs (see `mayChangeUser`).
 */
export async function changeableUsers(
  db: Queryable,
  userId: number,
  organisationId: number,
): Promise<Set<string>> {
  const own = await permissionsIn(db, userId, organisationId);
  if (!own) return new Set();
  const users = await db.query<{ username: string; permissions: string[] | null }>(
    `SELECT u.username, array_agg(DISTINCT p.name) FILTER (WHERE p.name IS NOT NULL) AS permissions
     FROM users u LEFT JOIN user_roles ur ON ur.user_id = u.id LEFT JOIN role_permissions rp ON rp.role_id = ur.role_id
     LEFT JOIN permissions p ON p.id = rp.permission_id WHERE u.organisation_id = $1 GROUP BY u.username`,
    [organisationId],
  );
  return new Set(
    users.filter((u) => mayChangeUser(own, { permissions: u.permissions ?? [] })).map((u) => u.username),
  );
}

/** Loads what the type's rows refer to and answers the row checks from it. */
export async function uploadContext(
  db: Queryable,
  type: UploadType,
  scope: UploadScope,
  uploaderId: number,
): Promise<UploadContext> {
  const kinds = new Set(type.columns.flatMap((c) => ("ref" in c.rule ? [c.rule.ref] : [])));
  const refs = new Map<RefKind, (value: string) => readonly string[]>();
  for (const kind of kinds) refs.set(kind, refIndex(kind, await LOADERS[kind](db, scope)));
  // Records by kind: those the type's key must not repeat and those its columns must name.
  const recordKinds = new Set<RecordKind>([
    ...(type.recordKey?.existing ? [type.recordKey.existing] : []),
    ...(type.recordRefs ?? []).map((r) => r.record),
  ]);
  const records = new Map<RecordKind, Set<string>>();
  for (const kind of recordKinds)
    records.set(kind, new Set((await RECORD_LOADERS[kind](db, scope)).map((r) => recordKeyText([r.a, r.b]))));
  const grantable = kinds.has("role")
    ? await grantableRoles(db, uploaderId, scope.organisationId)
    : new Set();
  const notHeld = kinds.has("role") ? await rolesNotHeldIn(db, scope.organisationId) : new Set();
  const changeable = kinds.has("organisationUser")
    ? await changeableUsers(db, uploaderId, scope.organisationId)
    : new Set();
  const lookup: RefLookup = (kind, value) => refs.get(kind)?.(value) ?? [];
  return {
    refs: lookup,
    recordExists: (kind, key) => records.get(kind)?.has(key) ?? false,
    mayGrant: (role) => grantable.has(role),
    roleRefusal: (role) => (notHeld.has(role) ? roleInternalOnly(role) : roleNotGrantable(role)),
    mayChange: (username) => changeable.has(username),
  };
}
