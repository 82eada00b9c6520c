/** One small database interface over PGlite (embedded, default) and PostgreSQL (DATABASE_URL). */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** A transaction: queries, and scripts of several statements without parameters (migrations). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** PGlite runs no autovacuum, so the server vacuums it itself (server/db/idleVacuum.ts). */
  readonly engine: "pglite" | "postgres";
  /**
   * Runs fn in one transaction, committed when it resolves and rolled back when it throws.
   * Inside fn use only the given tx: on PGlite a call to db.query there waits for the transaction
   * to end, which never happens.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Both adapters answer with the same JavaScript values: int8 (counts) as numbers, numeric as
 * strings (exact amounts), date as its 'YYYY-MM-DD' text, timestamptz as Date, json as objects.
 */
const INT8 = 20;
const DATE = 1082;

/** A PGlite database, which can also give its whole data folder as a tarball (to start copies from). */
export type PgliteDb = Db & { dumpDataDir(): Promise<Blob> };

/**
 * PGlite in dataDir, or in memory when no folder is given (tests); `loadDataDir` starts it from a
 * tarball of another one's data folder instead of an empty database (a test's copy of a seeded one).
 */
export async function openPglite(dataDir?: string, copy: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  const { PGlite } = await import("@electric-sql/pglite");
  // Trigram indexes serve the outlet name search (migration 0012).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const parsers = { [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v };
  const options = { parsers, extensions: { pg_trgm }, ...copy };
  const pg = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await pg.waitReady;
  const wrap = (q: { query: typeof pg.query; exec: typeof pg.exec }): Transaction => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await q.query<T>(sql, params as unknown[])).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    engine: "pglite",
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    dumpDataDir: () => pg.dumpDataDir("none"),
  };
}

/** PostgreSQL through a connection pool; schema, when given, becomes the search_path (tests). */
export async function openPostgres(url: string, schema?: string): Promise<Db> {
  const { default: pg } = await import("pg");
  const types = {
    getTypeParser(oid: number, format?: "text" | "binary") {
      if (oid === INT8) return (v: string) => Number(v);
      if (oid === DATE) return (v: string) => v;
      return format === "binary"
        ? pg.types.getTypeParser(oid, "binary")
        : pg.types.getTypeParser(oid, "text");
    },
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: types as never,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection can be closed under the pool (a restart, an administrator, the network);
  // the pool then opens a new one when asked, and without a listener the process would crash.
  pool.on("error", (error) =>
    console.warn(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "warn",
        message: "idle database connection lost",
        detail: error.message,
      }),
    ),
  );
  return {
    engine: "postgres",
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn({
          query: async (sql, params) => (await client.query(sql, params)).rows,
          // Without parameters the simple query protocol runs every statement of the script.
          exec: async (sql) => {
            await client.query(sql);
          },
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

/**
 * Keys of the transaction-scoped advisory locks that let several server processes start against
 * one PostgreSQL at once: one migrates or seeds, the others wait and then find the work done.
 */
export const LOCK_MIGRATE = 7_310_001;
export const LOCK_SEED = 7_310_002;

export async function lockFor(tx: Queryable, key: number): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1::bigint)", [key]);
}

const MIGRATIONS_DIR = join(import.meta.dirname, "..", "migrations");

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/**
 * Applies every migration file not yet recorded in schema_migrations, in name order, all in one
 * transaction (so a failing file leaves the database as it was). Gives the names applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockFor(tx, LOCK_MIGRATE);
    await tx.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await tx.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const name of migrationFiles()) {
      if (done.has(name)) continue;
      await tx.exec(readFileSync(join(MIGRATIONS_DIR, name), "utf8"));
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [name]);
      applied.push(name);
    }
    return applied;
  });
}
