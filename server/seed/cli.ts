/** `npm run seed -- --outlets N [--reset]`: (re)builds the configured database with N outlets. */
import { openConfiguredDb } from "../db/open";
import { DEFAULT_OUTLETS } from "./demo";
import { parseSeedArgs, rebuildDatabase } from "./rebuild";

const parsed = parseSeedArgs(process.argv.slice(2), DEFAULT_OUTLETS);
if ("error" in parsed) {
  console.error(parsed.error);
  process.exit(2);
}
const db = await openConfiguredDb();
try {
  const result = await rebuildDatabase(db, { ...parsed, now: Date.now() });
  if (result.kind === "not-empty") {
    console.error(
      "The database already holds data. Add --reset to rebuild it (this deletes everything in it).",
    );
    process.exitCode = 2;
  } else {
    console.log(`Seeded ${result.outlets} outlets in ${(result.ms / 1000).toFixed(1)} s`);
  }
} finally {
  await db.close();
}
