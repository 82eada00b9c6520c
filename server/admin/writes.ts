/**
 * Creating, updating and deleting a resource's records: each write one transaction (run again on a
 * lost race), an update only on the version it was loaded at, each logged with who and when.
 */
import {
  duplicateValue,
  hasFieldErrors,
  inUse,
  notChangeable,
  type ResourceDefinition,
  slugify,
  type Usage,
  type UsageCount,
  usedElsewhere,
  versionConflict,
} from "../../src/domain/admin/resource";
import { referringFields } from "../../src/domain/admin/resourceCatalogue";
import type { AppDeps } from "../context";
import type { Queryable } from "../db/db";
import { inTransaction } from "../db/retry";
import { Problem } from "../http/problem";
import { outranksCaller, writeProblems } from "./checks";
import { currentFiles, dropFiles, loggableFile, storeFiles } from "./fileWrites";
import { followWrite } from "./followers";
import { type Caller, findRecord } from "./reads";
import { columnOf, linkFields, rowFields } from "./schemaSql";

type Values = Record<string, unknown>;
/** Secret fields arrive already hashed (hashing is slow and must not run inside the transaction). */
export type Hashed = Record<string, string>;

export const logChange = (
  tx: Queryable,
  def: ResourceDefinition,
  recordId: number,
  action: "create" | "update" | "delete" | "merge",
  caller: Caller,
  now: Date,
  changes: Values,
) =>
  tx.query(
    "INSERT INTO admin_changes (resource, record_id, action, user_id, at, changes) VALUES ($1, $2, $3, $4, $5, $6)",
    [def.name, recordId, action, caller.id, now, JSON.stringify(changes)],
  );

/** The values a log keeps: everything but secrets, and files by name and size. */
const loggable = (def: ResourceDefinition, values: Values): Values =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([k]) => def.fields[k]?.widget !== "secret")
      .map(([k, v]) => [k, def.fields[k]?.widget === "file" ? loggableFile(v) : v]),
  );

async function freeSlug(tx: Queryable, def: ResourceDefinition, base: string): Promise<string> {
  const taken = new Set(
    (
      await tx.query<{ slug: string }>(`SELECT slug FROM ${def.table} WHERE slug = $1 OR slug LIKE $2`, [
        base,
        `${base}-%`,
      ])
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Row columns and their values for an insert or update; a blank secret on update keeps the old one. */
function columnValues(def: ResourceDefinition, values: Values, hashed: Hashed, now: Date) {
  const out: [string, unknown][] = [];
  for (const [key, field] of rowFields(def)) {
    if (field.widget === "secret") {
      if (!hashed[key]) continue;
      out.push([columnOf(key, field), hashed[key]]);
      if (field.setAtColumn) out.push([field.setAtColumn, now]);
    } else out.push([columnOf(key, field), values[key]]);
  }
  return out;
}

async function writeLinks(tx: Queryable, def: ResourceDefinition, id: number, values: Values) {
  for (const [key, field] of linkFields(def)) {
    const { table, own, other } = field.through;
    await tx.query(`DELETE FROM ${table} WHERE ${own} = $1`, [id]);
    await tx.query(
      `INSERT INTO ${table} (${own}, ${other}) SELECT $1, x FROM unnest($2::int[]) AS x ON CONFLICT DO NOTHING`,
      [id, [...new Set((values[key] as number[]) ?? [])]],
    );
  }
}

async function mustPass(
  tx: Queryable,
  def: ResourceDefinition,
  caller: Caller,
  values: Values,
  selfId: number | null,
) {
  const problems = await writeProblems(tx, def, caller, values, selfId);
  if (hasFieldErrors(problems)) throw new Problem(400, problems);
}

export async function createRecord(
  deps: AppDeps,
  def: ResourceDefinition,
  caller: Caller,
  values: Values,
  hashed: Hashed,
): Promise<number> {
  const now = new Date(deps.clock());
  return unlessDuplicate(def, () =>
    inTransaction(deps, async (tx) => {
      await mustPass(tx, def, caller, values, null);
      return followWrite(tx, def, "create", { id: null, values, callerId: caller.id, now }, async () => {
        const files = await storeFiles(tx, def, caller, values, null, now);
        const columns = [...columnValues(def, values, hashed, now), ...files.columns];
        if (def.addressBy === "slug" && def.slugFrom)
          columns.push(["slug", await freeSlug(tx, def, slugify(String(values[def.slugFrom])))]);
        columns.push(["modified_at", now], ["modified_by", caller.id]);
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO ${def.table} (${columns.map(([c]) => c).join(", ")})
           VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING id`,
          columns.map(([, v]) => v),
        );
        await writeLinks(tx, def, row!.id, values);
        await logChange(tx, def, row!.id, "create", caller, now, loggable(def, values));
        return row!.id;
      });
    }),
  );
}

/**
 * The row a write names, locked, if the caller may see it (otherwise 404) and may change it
 * (otherwise 403: it holds permissions the caller lacks).
 */
async function lockRow(tx: Queryable, def: ResourceDefinition, caller: Caller, address: string) {
  const found = await findRecord(tx, def, caller, address);
  if (!found) throw new Problem(404, { detail: "Not found." });
  const [row] = await tx.query<{ id: number; version: number }>(
    `SELECT id, version FROM ${def.table} WHERE id = $1 FOR UPDATE`,
    [found.id],
  );
  if (await outranksCaller(tx, def, caller, row!.id)) throw new Problem(403, { detail: notChangeable(def) });
  return row!;
}

export async function updateRecord(
  deps: AppDeps,
  def: ResourceDefinition,
  caller: Caller,
  address: string,
  version: number,
  values: Values,
  hashed: Hashed,
): Promise<number> {
  const now = new Date(deps.clock());
  return unlessDuplicate(def, () =>
    inTransaction(deps, async (tx) => {
      const row = await lockRow(tx, def, caller, address);
      if (row.version !== version)
        throw new Problem(409, { detail: versionConflict(def), code: "version_conflict" });
      await mustPass(tx, def, caller, values, row.id);
      return followWrite(tx, def, "update", { id: row.id, values, callerId: caller.id, now }, async () => {
        const files = await storeFiles(tx, def, caller, values, await currentFiles(tx, def, row.id), now);
        const columns = [...columnValues(def, values, hashed, now), ...files.columns];
        columns.push(["modified_at", now], ["modified_by", caller.id]);
        await tx.query(
          `UPDATE ${def.table} SET ${columns.map(([c], i) => `${c} = $${i + 2}`).join(", ")}, version = version + 1
           WHERE id = $1`,
          [row.id, ...columns.map(([, v]) => v)],
        );
        await writeLinks(tx, def, row.id, values);
        await dropFiles(tx, files.dropped);
        await logChange(tx, def, row.id, "update", caller, now, loggable(def, values));
        return row.id;
      });
    }),
  );
}

/** How many rows of other resources and tables refer to a record, each table and column once. */
async function usages(tx: Queryable, def: ResourceDefinition, id: number): Promise<UsageCount[]> {
  const counts: UsageCount[] = [];
  const referring: Usage[] = referringFields(def).map(({ resource, field }) => ({
    table: resource.table,
    column: columnOf(field, resource.fields[field]!),
    label: resource.plural.toLowerCase(),
  }));
  const named = (def.usedBy ?? []).filter(
    (u) => u.through || !referring.some((r) => r.table === u.table && r.column === u.column),
  );
  for (const use of [...referring, ...named]) {
    const match = use.through
      ? `IN (SELECT ${use.through.other} FROM ${use.through.table} WHERE ${use.through.own} = $1)`
      : "= $1";
    const [row] = await tx.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${use.table} WHERE ${use.column} ${match}`,
      [id],
    );
    counts.push({ label: use.label, count: row?.count ?? 0 });
  }
  return counts;
}

export async function deleteRecord(deps: AppDeps, def: ResourceDefinition, caller: Caller, address: string) {
  const now = new Date(deps.clock());
  try {
    await inTransaction(deps, async (tx) => {
      const row = await lockRow(tx, def, caller, address);
      const used = (await usages(tx, def, row.id)).filter((u) => u.count > 0);
      if (used.length > 0) throw new Problem(409, { detail: inUse(def, used), code: "in_use" });
      await followWrite(
        tx,
        def,
        "delete",
        { id: row.id, values: null, callerId: caller.id, now },
        async () => {
          const files = await currentFiles(tx, def, row.id);
          await tx.query(`DELETE FROM ${def.table} WHERE id = $1`, [row.id]);
          await dropFiles(
            tx,
            Object.values(files).filter((id): id is number => id !== null),
          );
          await logChange(tx, def, row.id, "delete", caller, now, { address });
          return row.id;
        },
      );
    });
  } catch (error) {
    // A table the definition does not name still refers to the row: the database refused.
    if ((error as { code?: string }).code === "23503")
      throw new Problem(409, { detail: usedElsewhere(def), code: "in_use" });
    throw error;
  }
}

/** A unique index refused the write (a rival got there between check and write): the field's error. */
async function unlessDuplicate<T>(def: ResourceDefinition, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code !== "23505") throw error;
    const constraint = (error as { constraint?: string }).constraint ?? "";
    const text = `${constraint} ${String((error as Error).message)}`;
    // An index named after a field (sub_project_skus_unique_sku: a catalogue SKU listed twice) is that field's.
    const field =
      Object.keys(def.fields).find((key) => constraint === `${def.table}_unique_${key}`) ??
      Object.entries(def.fields).find(
        ([key, f]) => f.unique && text.includes(`${def.table}_unique_${columnOf(key, f)}`),
      )?.[0] ??
      Object.entries(def.fields).find(([, f]) => f.unique)?.[0] ??
      "non_field_errors";
    throw new Problem(400, { [field]: [duplicateValue(def, field)] });
  }
}
