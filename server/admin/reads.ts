/** Reading a resource: a page of records (filtered, searched, ordered), one record, or its options. */

import type { ResourceDefinition, ResourceRecord } from "../../src/domain/admin/resource";
import { type DecodedListQuery, decodeListQuery } from "../../src/domain/admin/resourceQuery";
import { roles } from "../../src/domain/admin/resources/access";
import { mayHoldRole } from "../../src/domain/shared/permissions";
import {
  decodePage,
  decodeRowId,
  decodeText,
  escapeLike,
  MAX_QUERY_TEXT_LENGTH,
} from "../../src/domain/shared/requestInput";
import { isInternal } from "../auth/organisationScope";
import type { UserRow } from "../auth/users";
import type { Queryable } from "../db/db";
import { paginate } from "../http/pagination";
import { Problem } from "../http/problem";
import { addressColumn, columnOf, fieldExpr, organisationOf, recordSelect } from "./schemaSql";

export type Caller = Pick<UserRow, "id" | "organisation_id" | "organisation_kind">;

/**
 * WHERE clauses a caller's reads of a resource carry: a client user sees only its organisation's
 * records, those under its organisation's projects included.
 */
export function scopeWhere(def: ResourceDefinition, caller: Caller, params: unknown[]): string[] {
  const organisation = organisationOf(def);
  if (!organisation || isInternal(caller)) return [];
  params.push(caller.organisation_id);
  return [`${organisation} = $${params.length}`];
}

function filterWhere(def: ResourceDefinition, query: DecodedListQuery, params: unknown[]): string[] {
  const where: string[] = [];
  for (const { key, value } of query.filters) {
    params.push(value);
    const field = def.fields[key]!;
    if (field.through) {
      const { table, own, other } = field.through;
      where.push(
        `EXISTS (SELECT 1 FROM ${table} l WHERE l.${own} = t.id AND l.${other} = $${params.length})`,
      );
    } else where.push(`t.${columnOf(key, field)} = $${params.length}`);
  }
  if (query.search && def.searchKeys.length > 0) {
    params.push(`%${escapeLike(query.search)}%`);
    where.push(
      def.searchColumn
        ? `t.${def.searchColumn} LIKE lower($${params.length})`
        : `(${def.searchKeys.map((k) => `${fieldExpr(def, k)} ILIKE $${params.length}`).join(" OR ")})`,
    );
  }
  return where;
}

const whereSql = (where: string[]) => (where.length > 0 ? `WHERE ${where.join(" AND ")}` : "");

/** A request's query: one value by name, and the names given. */
export type ListQuery = {
  readonly get: (key: string) => string | undefined;
  readonly names: readonly string[];
};

export async function listRecords(
  db: Queryable,
  def: ResourceDefinition,
  caller: Caller,
  url: string,
  query: ListQuery,
) {
  const paged = decodePage(query.get("page"), query.get("page-size"));
  const decoded = decodeListQuery(def, query.get, query.names, true);
  if (!paged.ok || !decoded.ok)
    throw new Problem(400, { ...(paged.ok ? {} : paged.errors), ...(decoded.ok ? {} : decoded.errors) });
  const page = paged.page;
  const params: unknown[] = [];
  const where = whereSql([...scopeWhere(def, caller, params), ...filterWhere(def, decoded.query, params)]);
  const order = decoded.query.order ?? { key: def.orderKeys[0]!, descending: false };
  const direction = order.descending ? "DESC" : "ASC";
  const [counted] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${def.table} t ${where}`,
    params,
  );
  // The page's ids first, then whole records for those ids only.
  const ids = await db.query<{ id: number }>(
    `SELECT t.id FROM ${def.table} t ${where}
     ORDER BY ${fieldExpr(def, order.key)} ${direction}, t.id ${direction}
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.size, page.offset],
  );
  const rows = await recordsById(
    db,
    def,
    ids.map((r) => r.id),
  );
  return paginate(url, rows, counted?.count ?? 0, page);
}

/** A record as recordSelect reads it, the shape the API answers with. */
export type RecordRow = typeof ResourceRecord.Encoded;

export async function recordsById(
  db: Queryable,
  def: ResourceDefinition,
  ids: readonly number[],
): Promise<RecordRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<RecordRow>(`${recordSelect(def)} WHERE t.id = ANY($1::int[])`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/** The record a route names, if the caller may see it. */
export async function findRecord(
  db: Queryable,
  def: ResourceDefinition,
  caller: Caller,
  address: string,
): Promise<RecordRow | undefined> {
  // An address no row can have (a NUL byte, too long) is simply not found.
  const text = decodeText(address, MAX_QUERY_TEXT_LENGTH);
  if (!text.ok) return undefined;
  const key = def.addressBy === "id" ? decodeRowId(text.value) : text.value;
  if (key === null) return undefined;
  const params: unknown[] = [key];
  const where = [`t.${addressColumn(def)} = $1`, ...scopeWhere(def, caller, params)];
  return (await db.query<RecordRow>(`${recordSelect(def)} ${whereSql(where)}`, params))[0];
}

/** Options for a searchable select: id and title, at most 1000, narrowed by organisation and search. */
export async function listOptions(db: Queryable, def: ResourceDefinition, caller: Caller, query: ListQuery) {
  const decoded = decodeListQuery(def, query.get, query.names, false);
  if (!decoded.ok) throw new Problem(400, decoded.errors);
  const params: unknown[] = [];
  const where = whereSql([...scopeWhere(def, caller, params), ...filterWhere(def, decoded.query, params)]);
  const title = fieldExpr(def, def.titleField);
  const options = await db.query<{ id: number; label: string }>(
    `SELECT t.id, ${title}::text AS label FROM ${def.table} t ${where} ORDER BY ${title}, t.id LIMIT 1000`,
    params,
  );
  const organisation = Number(query.get("organisation"));
  return def.name === roles.name && Number.isInteger(organisation) && organisation > 0
    ? rolesHeldIn(db, organisation, options)
    : options;
}

/** The roles a user of this organisation may hold: a client's users hold no internal-only role. */
async function rolesHeldIn<T extends { id: number }>(db: Queryable, organisation: number, options: T[]) {
  const [org] = await db.query<{ kind: string }>("SELECT kind FROM organisations WHERE id = $1", [
    organisation,
  ]);
  const held = await db.query<{ id: number; permissions: string[] | null }>(
    `SELECT rp.role_id AS id, array_agg(p.name) AS permissions
     FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id GROUP BY rp.role_id`,
  );
  const permissions = new Map(held.map((r) => [r.id, r.permissions ?? []]));
  return options.filter((o) => mayHoldRole(org?.kind ?? "client", permissions.get(o.id) ?? []));
}
