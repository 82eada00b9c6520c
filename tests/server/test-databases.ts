/**
 * The databases of the tests that start servers. Migrating and seeding takes seconds, so each seeded
 * database (one per outlet count) is built once per test run, by the first test file that asks for
 * it, and every test file gets a copy of it: on PGlite a tarball of its data folder loaded into a
 * fresh in-memory PGlite, on PostgreSQL a template database cloned with CREATE DATABASE ... TEMPLATE.
 * The run's templates (a folder, and on PostgreSQL databases named after the run) are made and
 * removed by the global setup (tests/server/global-setup.ts).
 */
import { randomBytes } from "node:crypto";
import { existsSync, openAsBlob, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { type Db, migrate, openPglite, openPostgres } from "../../server/db/db";
import { seedDemoData } from "../../server/seed/demo";

export type TestDatabases = { dir: string; run: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabases: TestDatabases;
  }
}

type Owned = { db: Db; drop: () => Promise<void> };

/** An empty database of the test's own: in-memory PGlite, or a new database on TEST_DATABASE_URL. */
export async function openTestDb(): Promise<Owned> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite();
    return { db, drop: () => db.close() };
  }
  return postgresDatabase(url, null);
}

/** A copy of the database migrated and seeded with `outlets` outlets at `now`. */
export async function seededTestDb(outlets: number, now: number): Promise<Owned> {
  const { dir, run } = inject("testDatabases");
  const name = `seeded_${outlets}_${now}`;
  const url = process.env.TEST_DATABASE_URL;
  const owned = url
    ? await postgresDatabase(url, await postgresTemplate(url, `${run}_${name}`, outlets, now))
    : await pgliteCopy(join(dir, `${name}.tar`), outlets, now);
  await restoreStatistics(owned.db);
  return owned;
}

async function migrateAndSeed(db: Db, outlets: number, now: number): Promise<void> {
  await migrate(db);
  await seedDemoData(db, { now, outlets });
}

/**
 * A copy starts with its statistics counters at 0 (PGlite keeps them in memory; a new PostgreSQL
 * database has none), so it runs the seed's closing VACUUM (ANALYZE) again: the live and dead row
 * counts are then those of a freshly seeded database (tests/reliability/idle-vacuum.test.ts reads them).
 */
async function restoreStatistics(db: Db): Promise<void> {
  const tables = await db.query<{ name: string }>(
    "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema()",
  );
  await db.exec(`VACUUM (ANALYZE) ${tables.map((t) => t.name).join(", ")}`);
}

/**
 * Loads the run's tarball. The first to ask builds the database and writes the tarball (atomically:
 * a rename), then keeps the database it built, which is what the tarball holds.
 */
async function pgliteCopy(file: string, outlets: number, now: number): Promise<Owned> {
  if (existsSync(file)) {
    const db = await openPglite(undefined, { loadDataDir: await openAsBlob(file) });
    return { db, drop: () => db.close() };
  }
  const db = await openPglite();
  await migrateAndSeed(db, outlets, now);
  const tar = await db.dumpDataDir();
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, new Uint8Array(await tar.arrayBuffer()));
  renameSync(part, file);
  return { db, drop: () => db.close() };
}

const databaseUrl = (url: string, name: string) => {
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
};

/** A new database on the server of `url`, copied from `template` or empty; dropped by `drop`. */
async function postgresDatabase(url: string, template: string | null): Promise<Owned> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = await openPostgres(url);
  await admin.exec(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const db = await openPostgres(databaseUrl(url, name));
  return {
    db,
    drop: async () => {
      await db.close();
      // Not WITH (FORCE): the pool's connections are still closing, and PostgreSQL waits for them.
      await admin.exec(`DROP DATABASE IF EXISTS ${name}`);
      await admin.close();
    },
  };
}

/**
 * The template database of this run and seed, built under an advisory lock by the first process to
 * ask (a transaction holds the lock while other connections of the pool do the work: CREATE
 * DATABASE refuses to run inside a transaction). Built under another name and renamed when done,
 * with every connection to it closed, since a database someone is connected to cannot be copied.
 */
async function postgresTemplate(url: string, name: string, outlets: number, now: number): Promise<string> {
  const admin = await openPostgres(url);
  try {
    await admin.transaction(async (lock) => {
      await lock.query("SELECT pg_advisory_xact_lock(hashtext($1))", [name]);
      const found = await lock.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (found.length > 0) return;
      const part = `${name}_part`;
      await admin.exec(`DROP DATABASE IF EXISTS ${part} WITH (FORCE)`);
      await admin.exec(`CREATE DATABASE ${part}`);
      const template = await openPostgres(databaseUrl(url, part));
      try {
        await migrateAndSeed(template, outlets, now);
      } finally {
        await template.close();
      }
      await admin.exec(`ALTER DATABASE ${part} RENAME TO ${name}`);
    });
  } finally {
    await admin.close();
  }
  return name;
}
