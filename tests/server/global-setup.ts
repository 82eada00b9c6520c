/**
 * Makes the place where this test run keeps its seeded template databases (tests/server/
 * test-databases.ts), and removes them when the run ends. The server and reliability projects both
 * name this setup; the first to run makes the place and the second shares it, so a template is
 * built once for both.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openPostgres } from "../../server/db/db";
import type { TestDatabases } from "./test-databases";

const SHARED = "SEEDED_TEST_DATABASES";

export default function setup(project: TestProject) {
  const known = process.env[SHARED];
  if (known) {
    project.provide("testDatabases", JSON.parse(known) as TestDatabases);
    return;
  }
  const run = `tmpl_${randomBytes(5).toString("hex")}`;
  const place: TestDatabases = { dir: join(tmpdir(), `seeded-databases-${run}`), run };
  mkdirSync(place.dir);
  process.env[SHARED] = JSON.stringify(place);
  project.provide("testDatabases", place);
  return async () => {
    rmSync(place.dir, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const admin = await openPostgres(url);
    try {
      const templates = await admin.query<{ name: string }>(
        "SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)",
        [run],
      );
      for (const { name } of templates) await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.close();
    }
  };
}
