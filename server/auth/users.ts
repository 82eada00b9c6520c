/** Reading users with their roles and permissions, in the shape of the domain's UserDetails. */

import { OrganisationId, UserId } from "../../src/domain/api/ids";
import type { UserDetails } from "../../src/domain/auth/auth";
import { CODE_SIGN_IN_ROLES } from "../../src/domain/uploads/uploadTypes";
import type { Queryable } from "../db/db";

export type UserRow = {
  id: number;
  username: string;
  name: string;
  email: string | null;
  phone_number: string | null;
  password_hash: string;
  password_changed_at: Date;
  is_active: boolean;
  considered_workflow_permission: string | null;
  /** Signs in with the password and then a code sent to the mobile (docs/auth.md). */
  two_step_sign_in: boolean;
  organisation_id: number;
  organisation_name: string;
  organisation_kind: "internal" | "client";
};

const USER_SELECT = `
  SELECT u.id, u.username, u.name, u.email, u.phone_number, u.password_hash, u.password_changed_at,
         u.is_active, u.considered_workflow_permission, u.two_step_sign_in, o.id AS organisation_id, o.name AS organisation_name,
         o.kind AS organisation_kind
  FROM users u JOIN organisations o ON o.id = u.organisation_id`;

export async function findUserByUsername(db: Queryable, username: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`${USER_SELECT} WHERE lower(u.username) = lower($1)`, [
    username.trim(),
  ]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`${USER_SELECT} WHERE u.id = $1`, [id]))[0];
}

export async function userDetails(db: Queryable, user: UserRow): Promise<UserDetails> {
  const roles = await db.query<{ name: string }>(
    "SELECT r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = $1 ORDER BY r.name",
    [user.id],
  );
  const permissions = await db.query<{ name: string }>(
    `SELECT DISTINCT p.name FROM permissions p
       JOIN role_permissions rp ON rp.permission_id = p.id
       JOIN user_roles ur ON ur.role_id = rp.role_id
     WHERE ur.user_id = $1 ORDER BY p.name`,
    [user.id],
  );
  return {
    id: UserId.make(user.id),
    username: user.username,
    name: user.name,
    email: user.email,
    phone_number: user.phone_number,
    organisation: {
      id: OrganisationId.make(user.organisation_id),
      name: user.organisation_name,
      kind: user.organisation_kind,
    },
    roles: roles.map((r) => r.name),
    permissions: permissions.map((p) => p.name),
    considered_workflow_permission: user.considered_workflow_permission,
  };
}

/**
 * Whether the account signs in only with a one-time code sent to its mobile (a field auditor's or
 * retailer's): such an account takes no password from anyone and never signs in with one.
 */
export async function signsInByCode(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.query<{ code: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM field_auditors WHERE user_id = $1)
         OR EXISTS (SELECT 1 FROM retailers WHERE user_id = $1)
         OR EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                    WHERE ur.user_id = $1 AND r.name = ANY($2::text[])) AS code`,
    [userId, [...CODE_SIGN_IN_ROLES]],
  );
  return row?.code ?? false;
}
