/**
 * A large seed (`npm run seed -- --outlets 1000000`) inserts every outlet and then rewrites each
 * one several times (programs, flags, review fields, log totals). With the outlets' twenty-odd
 * secondary indexes (two of them trigram indexes) in place, every rewrite updates each index too;
 * built once at the end instead, the same data loads many times faster (docs/scaling.md). The
 * trigger-kept counts are rebuilt from the loaded rows in the same way. All of it happens inside the
 * seed's transaction, so no reader ever sees the outlets without their indexes.
 */
import type { Queryable } from "../db/db";

/** From this many outlets the seed loads them without their indexes (below it, rebuilding costs more). */
export const BULK_LOAD_OUTLETS = 50_000;

const COUNT_TRIGGERS = ["outlet_counts_insert_delete", "outlet_counts_update"];

/** Drops the outlets' secondary indexes and stops the count triggers; gives what puts them back. */
export async function setOutletIndexesAside(tx: Queryable): Promise<() => Promise<void>> {
  // Indexes that back a constraint (the primary key, the unique RSID) stay: the load relies on them.
  const indexes = await tx.query<{ name: string; definition: string }>(
    `SELECT quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = 'outlets'::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  );
  for (const index of indexes) await tx.query(`DROP INDEX ${index.name}`);
  const triggers = (verb: string) =>
    `ALTER TABLE outlets ${COUNT_TRIGGERS.map((t) => `${verb} TRIGGER ${t}`).join(", ")}`;
  await tx.query(triggers("DISABLE"));
  return async () => {
    await tx.query("SET LOCAL maintenance_work_mem = '256MB'");
    for (const index of indexes) await tx.query(index.definition);
    await tx.query(triggers("ENABLE"));
    await tx.query("DELETE FROM outlet_counts");
    await tx.query(
      `INSERT INTO outlet_counts (sub_project_id, workflow_state, status, is_temp, n)
       SELECT sub_project_id, workflow_state, status, is_temp, count(*) FROM outlets
       GROUP BY sub_project_id, workflow_state, status, is_temp`,
    );
  };
}

/**
 * The generator makes at most this many outlets; a larger seed copies them (section by section,
 * each with its own RSIDs) once every other seeding step has filled them in, so the copies carry
 * the same workflow states, review fields, flags and logs, and a million outlets cost one insert
 * per section instead of a rewrite of every outlet per seeding step.
 */
export const GENERATED_OUTLETS_AT_MOST = 100_000;

/** RSID n as rsidOf (server/seed/outlets.ts) spells it, in SQL. */
const rsidSql = (n: string) =>
  `'RS' || CASE WHEN ${n} < 1000000 THEN lpad((${n})::text, 6, '0') ELSE (${n})::text END`;

/** The columns of a table but its id (and those given), as the catalogue lists them. */
async function columnsOf(tx: Queryable, table: string, without: readonly string[]): Promise<string[]> {
  const rows = await tx.query<{ name: string }>(
    `SELECT quote_ident(attname) AS name FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
     ORDER BY attnum`,
    [table],
  );
  return rows.map((r) => r.name).filter((c) => c !== "id" && !without.includes(c));
}

/**
 * Adds copies of the first `generated` outlets (RS000001 on) until there are `total`: copy k of
 * outlet n is outlet n + k x generated, with its workflow object and its log. Run with the indexes
 * set aside (setOutletIndexesAside), which also keeps the counts.
 */
export async function copyGeneratedOutlets(tx: Queryable, generated: number, total: number): Promise<void> {
  const outletColumns = await columnsOf(tx, "outlets", ["rsid", "mobile_slug"]);
  const objectColumns = await columnsOf(tx, "workflow_objects", ["outlet_id"]);
  const logColumns = await columnsOf(tx, "outlet_logs", ["outlet_id"]);
  const n = "substring(s.rsid from 3)::int";
  // The copies' workflow objects are copied too, not made empty by the insert trigger.
  await tx.query("ALTER TABLE outlets DISABLE TRIGGER workflow_objects_for_new_outlets");
  for (let first = generated; first < total; first += generated) {
    const params = [Math.min(generated, total - first), first];
    const source = `${n} <= $1`;
    const copyOf = `n.rsid = ${rsidSql(`${n} + $2`)}`;
    await tx.query(
      `INSERT INTO outlets (rsid, ${outletColumns.join(", ")})
       SELECT ${rsidSql(`${n} + $2`)}, ${outletColumns.map((c) => `s.${c}`).join(", ")}
       FROM outlets s WHERE ${source} ORDER BY s.id`,
      params,
    );
    await tx.query(
      `INSERT INTO workflow_objects (outlet_id, ${objectColumns.join(", ")})
       SELECT n.id, ${objectColumns.map((c) => `w.${c}`).join(", ")}
       FROM outlets s JOIN workflow_objects w ON w.outlet_id = s.id JOIN outlets n ON ${copyOf}
       WHERE ${source}`,
      params,
    );
    await tx.query(
      `INSERT INTO outlet_logs (outlet_id, ${logColumns.join(", ")})
       SELECT n.id, ${logColumns.map((c) => `l.${c}`).join(", ")}
       FROM outlets s JOIN outlet_logs l ON l.outlet_id = s.id JOIN outlets n ON ${copyOf}
       WHERE ${source} ORDER BY l.id`,
      params,
    );
  }
  await tx.query("ALTER TABLE outlets ENABLE TRIGGER workflow_objects_for_new_outlets");
}
