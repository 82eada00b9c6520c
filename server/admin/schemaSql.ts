/**
 * The SQL of a resource, built from its definition alone: its columns, how a record is read with
 * the titles of what it refers to, and how a list is filtered, searched and ordered. Table and
 * column names come only from the definitions (never from a request); values are parameters.
 */

import type { FieldSpec, ResourceDefinition } from "../../src/domain/admin/resource";
import { resourceNamed } from "../../src/domain/admin/resourceCatalogue";
import { FILE_SIZE_SQL } from "../uploads/files";

export const columnOf = (key: string, field: FieldSpec): string =>
  field.column ??
  (field.widget === "reference" ? `${key}_id` : field.widget === "file" ? `${key}_file_id` : key);

/** The fields holding a stored file. */
export const fileFields = (def: ResourceDefinition): [string, FieldSpec][] =>
  Object.entries(def.fields).filter(([, f]) => f.widget === "file");

/** The column routes address a record by. */
export const addressColumn = (def: ResourceDefinition): string =>
  def.addressBy === "id" ? "id" : def.addressBy;

/** The column that says which organisation a row belongs to, if the resource is scoped. */
export const organisationColumn = (def: ResourceDefinition): string | null =>
  def.scope === "organisation" ? "organisation_id" : def.name === "organisations" ? "id" : null;

/**
 * The SQL giving the organisation of row `alias`: its own column, or, for a record under a parent
 * (a sub-project's project, a program's sub-project), its parent's organisation; null when the
 * resource belongs to no organisation (states, roles).
 */
export function organisationOf(def: ResourceDefinition, alias = "t", depth = 0): string | null {
  const column = organisationColumn(def);
  if (column) return `${alias}.${column}`;
  const field = def.parent ? def.fields[def.parent.field] : undefined;
  if (!def.parent || !field?.references) return null;
  const target = resourceNamed(field.references);
  const inner = `o${depth}`;
  const org = organisationOf(target, inner, depth + 1);
  return org
    ? `(SELECT ${org} FROM ${target.table} ${inner} WHERE ${inner}.id = ${alias}.${columnOf(def.parent.field, field)})`
    : null;
}

/** The fields stored in the row itself (not linked through a table, not a file written with its content). */
export const rowFields = (def: ResourceDefinition): [string, FieldSpec][] =>
  Object.entries(def.fields).filter(([, f]) => !f.through && f.widget !== "file");

export const linkFields = (
  def: ResourceDefinition,
): [string, FieldSpec & { through: NonNullable<FieldSpec["through"]> }][] =>
  Object.entries(def.fields).filter(
    (e): e is [string, FieldSpec & { through: NonNullable<FieldSpec["through"]> }] => Boolean(e[1].through),
  );

/** A referenced resource's title column. */
const titleColumn = (resource: string): { table: string; column: string } => {
  const target = resourceNamed(resource);
  return { table: target.table, column: columnOf(target.titleField, target.fields[target.titleField]!) };
};

function valueSql(key: string, field: FieldSpec): string {
  if (field.through) {
    const { table, own, other } = field.through;
    return `ARRAY(SELECT l.${other} FROM ${table} l WHERE l.${own} = t.id ORDER BY l.${other})`;
  }
  const column = `t.${columnOf(key, field)}`;
  if (field.widget === "file")
    return `(SELECT json_build_object('id', f.id, 'name', f.name, 'size', ${FILE_SIZE_SQL},
                                      'content_type', f.content_type)
             FROM stored_files f WHERE f.id = ${column})`;
  if (field.widget === "number") return `${column}::float8`;
  if (field.widget === "date") return `${column}::text`;
  // A text never stored reads as blank, the value its field takes back (an account with no email).
  if (field.widget === "text" || field.widget === "textarea") return `coalesce(${column}, '')`;
  return column;
}

function labelSql(field: FieldSpec, key: string): string | null {
  if (!field.references) return null;
  const title = titleColumn(field.references);
  if (field.through) {
    const { table, own, other } = field.through;
    return `ARRAY(SELECT x.${title.column} FROM ${title.table} x JOIN ${table} l ON l.${other} = x.id
                  WHERE l.${own} = t.id ORDER BY x.${title.column})`;
  }
  return `(SELECT x.${title.column} FROM ${title.table} x WHERE x.id = t.${columnOf(key, field)})`;
}

/** SELECT of whole records (id, version, address, values, labels, last change) from `table t`. */
export function recordSelect(def: ResourceDefinition): string {
  const values = Object.entries(def.fields)
    .filter(([, f]) => f.widget !== "secret")
    .map(([k, f]) => `'${k}', ${valueSql(k, f)}`);
  const labels = Object.entries(def.fields).flatMap(([k, f]) => {
    const sql = labelSql(f, k);
    return sql ? [`'${k}', ${sql}`] : [];
  });
  return `SELECT t.id, t.version, t.${addressColumn(def)}::text AS address,
    json_build_object(${values.join(", ")}) AS "values",
    json_build_object(${labels.join(", ")}) AS labels,
    to_char(t.modified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS modified_at,
    (SELECT m.username FROM users m WHERE m.id = t.modified_by) AS modified_by
  FROM ${def.table} t`;
}

/** The SQL expression of a field a list is searched, ordered or filtered by. */
export const fieldExpr = (def: ResourceDefinition, key: string): string =>
  `t.${columnOf(key, def.fields[key]!)}`;
