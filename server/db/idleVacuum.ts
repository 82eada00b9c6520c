/**
 * Vacuuming for PGlite, which runs no autovacuum: every update leaves a dead row version in the
 * table and its indexes until a VACUUM, and a search then finds and rechecks each dead version too
 * (docs/benchmarks.md, Outlets). The job runner calls this in its idle time; PostgreSQL does the same
 * work itself, so there it does nothing.
 */
import type { Db } from "./db";

/**
 * PostgreSQL's autovacuum defaults: a table is vacuumed once its dead rows pass 50 plus a fifth of
 * its live rows, and analyzed once its changes since the last ANALYZE pass 50 plus a tenth.
 */
export const VACUUM_BASE_ROWS = 50;
export const VACUUM_SCALE = 0.2;
export const ANALYZE_BASE_ROWS = 50;
export const ANALYZE_SCALE = 0.1;

export type TableUpkeep = { table: string; statement: "VACUUM (ANALYZE)" | "ANALYZE" };

/**
 * The tables of the current schema past either threshold, those with the most dead rows first. As
 * autovacuum does, the live rows are the catalog's estimate (pg_class.reltuples, kept by VACUUM and
 * ANALYZE): PGlite starts its statistics afresh at every open, so their live count begins at 0.
 */
export async function tablesDueForUpkeep(db: Db): Promise<TableUpkeep[]> {
  // Each statement's counts reach the statistics only when the session has been idle for a second;
  // this sends them now, so a step right after a bulk action sees it.
  await db.query("SELECT pg_stat_force_next_flush()");
  const dead = "s.n_dead_tup > $1::int + $2::float8 * greatest(c.reltuples, 0)";
  return db.query<TableUpkeep>(
    `SELECT quote_ident(s.relname) AS "table",
            CASE WHEN ${dead} THEN 'VACUUM (ANALYZE)' ELSE 'ANALYZE' END AS statement
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.schemaname = current_schema()
       AND (${dead} OR s.n_mod_since_analyze > $3::int + $4::float8 * greatest(c.reltuples, 0))
     ORDER BY s.n_dead_tup DESC, s.relname`,
    [VACUUM_BASE_ROWS, VACUUM_SCALE, ANALYZE_BASE_ROWS, ANALYZE_SCALE],
  );
}

/**
 * Vacuums (or only analyzes) each table that is due, one statement per table, and stops as soon as
 * isIdle says requests are being answered, so a waiting request queues behind at most one table.
 * Each statement runs on its own, outside any transaction (VACUUM refuses one): on PGlite it waits
 * for a transaction in flight to end, and a request's transaction waits for it. Gives what ran.
 */
export async function vacuumWhenIdle(db: Db, isIdle: () => boolean): Promise<TableUpkeep[]> {
  if (db.engine !== "pglite" || !isIdle()) return [];
  const done: TableUpkeep[] = [];
  for (const due of await tablesDueForUpkeep(db)) {
    if (!isIdle()) break;
    await db.exec(`${due.statement} ${due.table}`);
    done.push(due);
  }
  return done;
}
