/**
 * The files of a resource's file fields, written in the record's own transaction: a chosen file is
 * stored and its id goes in the field's column, a stored one sent back is kept, and a replaced or
 * removed file's row is deleted once the record no longer refers to it, so a failed write leaves
 * neither a half-changed record nor a file nobody refers to.
 */

import type { ResourceDefinition } from "../../src/domain/admin/resource";
import {
  fileTypeOf,
  isChosenFile,
  isStoredFile,
  NOT_THE_STORED_FILE,
} from "../../src/domain/shared/fileField";
import { addFieldError, type FieldErrors } from "../../src/domain/shared/requestInput";
import type { Queryable } from "../db/db";
import { Problem } from "../http/problem";
import { saveFile } from "../uploads/files";
import type { Caller } from "./reads";
import { columnOf, fileFields } from "./schemaSql";

type Values = Record<string, unknown>;
export type FileIds = Record<string, number | null>;

/** The stored file ids a record refers to now, by field. */
export async function currentFiles(tx: Queryable, def: ResourceDefinition, id: number): Promise<FileIds> {
  const fields = fileFields(def);
  if (fields.length === 0) return {};
  const [row] = await tx.query<Record<string, number | null>>(
    `SELECT ${fields.map(([k, f]) => `${columnOf(k, f)} AS "${k}"`).join(", ")} FROM ${def.table} WHERE id = $1`,
    [id],
  );
  return row ?? {};
}

/** The organisation a record's files belong to: the record's own, else the caller's. */
function organisationOf(def: ResourceDefinition, caller: Caller, values: Values): number {
  const field = Object.entries(def.fields).find(([, f]) => f.column === "organisation_id")?.[0];
  const value = def.scope === "organisation" && field ? values[field] : undefined;
  return typeof value === "number" ? value : caller.organisation_id;
}

/**
 * Stores the chosen files and answers the file columns to write and the file rows the write
 * leaves behind. `current` is null for a new record, which has no stored file to keep.
 */
export async function storeFiles(
  tx: Queryable,
  def: ResourceDefinition,
  caller: Caller,
  values: Values,
  current: FileIds | null,
  now: Date,
): Promise<{ columns: [string, unknown][]; dropped: number[] }> {
  const columns: [string, unknown][] = [];
  const dropped: number[] = [];
  const problems: FieldErrors = {};
  for (const [key, field] of fileFields(def)) {
    const value = values[key];
    const before = current?.[key] ?? null;
    let after: number | null = null;
    if (isStoredFile(value)) {
      if (value.id !== before) addFieldError(problems, key, NOT_THE_STORED_FILE);
      after = before;
    } else if (isChosenFile(value)) {
      after = await saveFile(tx, {
        name: value.name,
        contentType: fileTypeOf(field.file!, value.bytes)!.mediaType,
        content: value.bytes,
        organisationId: organisationOf(def, caller, values),
        ownerId: caller.id,
        created: now,
      });
    }
    if (before !== null && before !== after) dropped.push(before);
    columns.push([columnOf(key, field), after]);
  }
  if (Object.keys(problems).length > 0) throw new Problem(400, problems);
  return { columns, dropped };
}

/** Deletes file rows no record refers to any more (call after the record's write). */
export async function dropFiles(tx: Queryable, ids: readonly number[]) {
  if (ids.length > 0) await tx.query("DELETE FROM stored_files WHERE id = ANY($1::int[])", [ids]);
}

/** What the change log keeps of a file: its name and size, never its content. */
export function loggableFile(value: unknown): unknown {
  if (isChosenFile(value)) return { name: value.name, size: value.bytes.byteLength };
  if (isStoredFile(value)) return { name: value.name, size: value.size };
  return value;
}
