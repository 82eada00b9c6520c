/** What `npm run seed` does, as a function of an open database so tests can run it too. */
import { type Db, migrate } from "../db/db";
import { isEmpty, seedDemoData } from "./demo";

export type RebuildOptions = { outlets: number; reset: boolean; now: number };

export type RebuildResult = { kind: "seeded"; outlets: number; ms: number } | { kind: "not-empty" };

/**
 * Empties the database's current schema (with reset), migrates, and loads the demo data with the
 * given number of outlets. Without reset a database that already holds data is left alone.
 */
export async function rebuildDatabase(db: Db, options: RebuildOptions): Promise<RebuildResult> {
  if (options.reset) await emptySchema(db);
  await migrate(db);
  if (!(await isEmpty(db))) return { kind: "not-empty" };
  const started = performance.now();
  const seeded = await seedDemoData(db, { now: options.now, outlets: options.outlets });
  if (!seeded) return { kind: "not-empty" };
  return { kind: "seeded", outlets: options.outlets, ms: performance.now() - started };
}

/** Drops everything in the database's current schema (public, or a test's own schema). */
export async function emptySchema(db: Db): Promise<void> {
  const [row] = await db.query<{ schema: string }>("SELECT current_schema() AS schema");
  const schema = `"${(row?.schema ?? "public").replace(/"/g, '""')}"`;
  await db.exec(`DROP SCHEMA ${schema} CASCADE; CREATE SCHEMA ${schema};`);
}

/** Reads `--outlets N` and `--reset`; N defaults to the demo size. */
export function parseSeedArgs(
  args: readonly string[],
  defaultOutlets: number,
): { outlets: number; reset: boolean } | { error: string } {
  let outlets = defaultOutlets;
  let reset = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--reset") reset = true;
    else if (arg === "--outlets" || arg?.startsWith("--outlets=")) {
      const value = arg === "--outlets" ? args[++i] : arg.slice("--outlets=".length);
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 10_000_000)
        return { error: "--outlets needs a whole number from 1 to 10000000, e.g. --outlets 100000" };
      outlets = n;
    } else return { error: `Unknown argument ${arg}. Usage: npm run seed -- --outlets N [--reset]` };
  }
  return { outlets, reset };
}
