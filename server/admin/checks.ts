/**
 * What a write must keep besides its shape, checked in its transaction: the organisation is the
 * caller's to act for, references exist in the same organisation, unique values are free, nobody
 * grants a permission they do not hold, and fields that decide access keep their rules.
 */

import {
  duplicateValue,
  type FieldSpec,
  mayGrantPermissions,
  missingReference,
  missingUnderParent,
  notGrantablePermission,
  type ResourceDefinition,
} from "../../src/domain/admin/resource";
import { resourceNamed } from "../../src/domain/admin/resourceCatalogue";
import {
  CODE_SIGN_IN_TAKES_NO_PASSWORD,
  changesOwnKind,
  OWN_KIND_FIXED,
} from "../../src/domain/admin/resourceRights";
import { users } from "../../src/domain/admin/resources/access";
import { organisations } from "../../src/domain/admin/resources/organisations";
import { mayHoldRole, roleInternalOnly } from "../../src/domain/shared/permissions";
import { addFieldError, type FieldErrors } from "../../src/domain/shared/requestInput";
import { mayGrantRole, roleNotGrantable } from "../../src/domain/uploads/uploadTypes";
import { adminCaller, maySeeOrganisation } from "../auth/organisationScope";
import { signsInByCode } from "../auth/users";
import type { Queryable } from "../db/db";
import type { Caller } from "./reads";
import { columnOf, linkFields, organisationColumn, organisationOf } from "./schemaSql";

type Values = Record<string, unknown>;

async function heldPermissions(tx: Queryable, userId: number): Promise<Set<string>> {
  const rows = await tx.query<{ name: string }>(
    `SELECT DISTINCT p.name FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
     JOIN permissions p ON p.id = rp.permission_id WHERE ur.user_id = $1`,
    [userId],
  );
  return new Set(rows.map((r) => r.name));
}

async function checkReference(
  tx: Queryable,
  key: string,
  field: FieldSpec,
  value: unknown,
  organisationId: number | null,
  parentId: unknown,
  errors: FieldErrors,
) {
  if (value === null || value === undefined || !field.references) return;
  const target = resourceNamed(field.references);
  const ids = Array.isArray(value) ? [...new Set(value as number[])] : [value as number];
  if (ids.length === 0) return;
  const params: unknown[] = [ids];
  const where = ["id = ANY($1::int[])"];
  if (target.scope === "organisation" && organisationId !== null) {
    params.push(organisationId);
    where.push(`organisation_id = $${params.length}`);
  }
  // A row under the same parent as the record (a question of its sub-project), whatever id is sent.
  const targetParent = target.parent ? target.fields[target.parent.field] : undefined;
  const underParent = field.underParent && target.parent && targetParent;
  if (underParent) {
    params.push(typeof parentId === "number" ? parentId : null);
    where.push(`${columnOf(target.parent!.field, targetParent!)} = $${params.length}`);
  }
  const rows = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${target.table} WHERE ${where.join(" AND ")}`,
    params,
  );
  if ((rows[0]?.count ?? 0) === ids.length) return;
  const parentNoun = targetParent?.references ? resourceNamed(targetParent.references).noun : "";
  addFieldError(errors, key, underParent ? missingUnderParent(field, parentNoun) : missingReference(field));
}

async function checkUnique(
  tx: Queryable,
  def: ResourceDefinition,
  values: Values,
  selfId: number | null,
  errors: FieldErrors,
) {
  for (const [key, field] of Object.entries(def.fields)) {
    if (!field.unique || typeof values[key] !== "string") continue;
    const params: unknown[] = [values[key]];
    const where = [`lower(t.${columnOf(key, field)}) = lower($1)`];
    const orgColumn = def.scope === "organisation" ? organisationColumn(def) : null;
    if (orgColumn) {
      params.push(values.organisation);
      where.push(`t.${orgColumn} = $${params.length}`);
    }
    if (def.uniqueWithin) {
      params.push(values[def.uniqueWithin]);
      where.push(`t.${columnOf(def.uniqueWithin, def.fields[def.uniqueWithin]!)} = $${params.length}`);
    }
    if (selfId !== null) {
      params.push(selfId);
      where.push(`t.id <> $${params.length}`);
    }
    const found = await tx.query(`SELECT 1 FROM ${def.table} t WHERE ${where.join(" AND ")} LIMIT 1`, params);
    if (found.length > 0) addFieldError(errors, key, duplicateValue(def, key));
  }
}

/** The linked ids a write adds: a grant is checked only for what is new to the record. */
async function addedLinks(
  tx: Queryable,
  through: NonNullable<FieldSpec["through"]>,
  selfId: number | null,
  chosen: number[],
) {
  if (selfId === null) return [...new Set(chosen)];
  const existing = await tx.query<{ id: number }>(
    `SELECT ${through.other} AS id FROM ${through.table} WHERE ${through.own} = $1`,
    [selfId],
  );
  const had = new Set(existing.map((r) => r.id));
  return [...new Set(chosen)].filter((id) => !had.has(id));
}

async function checkGrants(
  tx: Queryable,
  def: ResourceDefinition,
  caller: Caller,
  values: Values,
  selfId: number | null,
  errors: FieldErrors,
) {
  for (const [key, field] of linkFields(def)) {
    if (!field.grant) continue;
    const added = await addedLinks(tx, field.through, selfId, (values[key] as number[]) ?? []);
    if (added.length === 0) continue;
    const held = await heldPermissions(tx, caller.id);
    if (field.grant === "heldPermissions") {
      const names = await tx.query<{ name: string }>(
        "SELECT name FROM permissions WHERE id = ANY($1::int[]) ORDER BY name",
        [added],
      );
      for (const name of mayGrantPermissions(
        held,
        names.map((n) => n.name),
      ))
        addFieldError(errors, key, notGrantablePermission(name));
    } else {
      const roles = await tx.query<{ name: string; permissions: string[] | null }>(
        `SELECT r.name, array_agg(p.name) FILTER (WHERE p.name IS NOT NULL) AS permissions
         FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id LEFT JOIN permissions p ON p.id = rp.permission_id
         WHERE r.id = ANY($1::int[]) GROUP BY r.name ORDER BY r.name`,
        [added],
      );
      const kind = await organisationKind(tx, values.organisation);
      for (const role of roles)
        if (!mayGrantRole(held, { name: role.name, permissions: role.permissions ?? [] }))
          addFieldError(errors, key, roleNotGrantable(role.name));
        else if (kind !== null && !mayHoldRole(kind, role.permissions ?? []))
          addFieldError(errors, key, roleInternalOnly(role.name));
    }
  }
}

/** The kind of the organisation a record belongs to, or null when it names none. */
async function organisationKind(tx: Queryable, organisation: unknown): Promise<string | null> {
  if (typeof organisation !== "number") return null;
  const [org] = await tx.query<{ kind: string }>("SELECT kind FROM organisations WHERE id = $1", [
    organisation,
  ]);
  return org?.kind ?? null;
}

/**
 * The organisation a record's references must belong to: its own, or, for a record under a parent
 * (a sub-project's SKU list row), its parent's, so nobody links another organisation's records by id.
 */
async function recordOrganisation(tx: Queryable, def: ResourceDefinition, values: Values) {
  if (def.scope === "organisation") return values.organisation as number;
  const field = def.parent ? def.fields[def.parent.field] : undefined;
  const parentId = def.parent ? values[def.parent.field] : undefined;
  if (!field?.references || typeof parentId !== "number") return null;
  const target = resourceNamed(field.references);
  const organisation = organisationOf(target, "p");
  if (!organisation) return null;
  const [row] = await tx.query<{ organisation_id: number | null }>(
    `SELECT ${organisation} AS organisation_id FROM ${target.table} p WHERE p.id = $1`,
    [parentId],
  );
  return row?.organisation_id ?? null;
}

/** Every problem of a write's values, by field; empty when it may be written. */
export async function writeProblems(
  tx: Queryable,
  def: ResourceDefinition,
  caller: Caller,
  values: Values,
  selfId: number | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const organisationId = def.scope === "organisation" ? (values.organisation as number) : null;
  if (organisationId !== null) {
    const [org] = await tx.query<{ id: number }>("SELECT id FROM organisations WHERE id = $1", [
      organisationId,
    ]);
    if (!org || !maySeeOrganisation(caller, organisationId))
      addFieldError(errors, "organisation", missingReference(def.fields.organisation!));
  }
  const referencesIn = await recordOrganisation(tx, def, values);
  for (const [key, field] of Object.entries(def.fields)) {
    if (key === "organisation") continue;
    const parentId = def.parent ? values[def.parent.field] : undefined;
    await checkReference(tx, key, field, values[key], referencesIn, parentId, errors);
  }
  await checkUnique(tx, def, values, selfId, errors);
  await checkGrants(tx, def, caller, values, selfId, errors);
  if (selfId !== null) await checkAccessFields(tx, def, caller, values, selfId, errors);
  return errors;
}

/**
 * Fields that decide access, on update: the kind of the caller's own organisation stays as it is,
 * and an account that signs in by code takes no password.
 */
async function checkAccessFields(
  tx: Queryable,
  def: ResourceDefinition,
  caller: Caller,
  values: Values,
  selfId: number,
  errors: FieldErrors,
) {
  if (def === organisations) {
    const [row] = await tx.query<{ kind: string }>("SELECT kind FROM organisations WHERE id = $1", [selfId]);
    if (row && changesOwnKind(adminCaller(caller), selfId, row.kind, values.kind))
      addFieldError(errors, "kind", OWN_KIND_FIXED);
  }
  if (def === users && typeof values.password === "string" && values.password !== "")
    if (await signsInByCode(tx, selfId)) addFieldError(errors, "password", CODE_SIGN_IN_TAKES_NO_PASSWORD);
}

/** Whether the record holds, through its granting fields, a permission the caller lacks. */
export async function outranksCaller(
  tx: Queryable,
  def: ResourceDefinition,
  caller: Caller,
  selfId: number,
): Promise<boolean> {
  for (const [, field] of linkFields(def)) {
    if (!field.grant) continue;
    const { table, own, other } = field.through;
    const names = await tx.query<{ name: string }>(
      field.grant === "heldPermissions"
        ? `SELECT p.name FROM ${table} l JOIN permissions p ON p.id = l.${other} WHERE l.${own} = $1`
        : `SELECT DISTINCT p.name FROM ${table} l JOIN role_permissions rp ON rp.role_id = l.${other}
           JOIN permissions p ON p.id = rp.permission_id WHERE l.${own} = $1`,
      [selfId],
    );
    const held = await heldPermissions(tx, caller.id);
    if (
      mayGrantPermissions(
        held,
        names.map((n) => n.name),
      ).length > 0
    )
      return true;
  }
  return false;
}
