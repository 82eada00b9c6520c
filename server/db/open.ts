import { resolve } from "node:path";
import { type Db, openPglite, openPostgres } from "./db";

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR (default ./data). */
export function openConfiguredDb(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  return openPglite(resolve(env.DATA_DIR ?? "data"));
}
