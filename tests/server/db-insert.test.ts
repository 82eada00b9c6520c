/**
 * Hole 5 of the access-control review: the product's bulk insert lives in server/db with table and
 * column names checked against a fixed list, and no product module depends on the demo data.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrate } from "../../server/db/db";
import { INSERTABLE_COLUMNS, insertColumnArrays, insertMany } from "../../server/db/insertMany";
import { openTestDb } from "./support";

const SERVER = join(import.meta.dirname, "..", "..", "server");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("insertMany", () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb());
    await migrate(db);
  });
  afterAll(() => drop());

  it("refuses a table outside the fixed list before any SQL runs", async () => {
    await expect(insertMany(db, "users; DROP TABLE users --", ["name"], [["x"]])).rejects.toThrow(
      /not a table/,
    );
    await expect(insertMany(db, "sessions", ["token_hash"], [["x"]])).rejects.toThrow(/not a table/);
  });

  it("refuses a column the table does not list", async () => {
    await expect(
      insertMany(db, "regions", ["name", "organisation_id) VALUES (1, 1); --"], [["x", 1]]),
    ).rejects.toThrow(/not a column of regions/);
  });

  it("refuses rows whose width differs from the columns", async () => {
    await expect(insertMany(db, "regions", ["name", "organisation_id"], [["x"]])).rejects.toThrow(/2 values/);
  });

  it("lists only tables and columns the migrated schema has", async () => {
    const rows = await db.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()",
    );
    const schema = new Set(rows.map((r) => `${r.table_name}.${r.column_name}`));
    for (const [table, columns] of INSERTABLE_COLUMNS)
      for (const column of columns) expect(schema.has(`${table}.${column}`), `${table}.${column}`).toBe(true);
  });

  it("inserts listed rows in batches", async () => {
    await db.query("INSERT INTO organisations (name, kind) VALUES ('Org', 'client')");
    const rows = Array.from({ length: 2500 }, (_, i) => [`Region ${i}`, 1]);
    await insertMany(db, "regions", ["name", "organisation_id"], rows);
    const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM regions");
    expect(row?.n).toBe(2500);
  });

  it("inserts listed rows as column arrays, with the same checks", async () => {
    await expect(insertColumnArrays(db, "sessions", ["token_hash"], [["x"]])).rejects.toThrow(/not a table/);
    const rows = Array.from({ length: 25_000 }, (_, i) => [`Array region ${i}`, 1]);
    await insertColumnArrays(db, "regions", ["name", "organisation_id"], rows);
    const [row] = await db.query<{ n: number; last: string }>(
      "SELECT count(*)::int AS n, max(name) FILTER (WHERE name = 'Array region 24999') AS last FROM regions WHERE name LIKE 'Array region %'",
    );
    expect(row).toEqual({ n: 25_000, last: "Array region 24999" });
  });
});

describe("the product does not depend on its demo data", () => {
  it("no server module outside server/seed imports from it (main only starts the seeding)", () => {
    const offenders = sources(SERVER)
      .filter((path) => !relative(SERVER, path).startsWith("seed"))
      .filter((path) => relative(SERVER, path) !== "main.ts")
      .filter((path) => /from "(\.\.\/|\.\/)+seed\//.test(readFileSync(path, "utf8")))
      .map((path) => relative(SERVER, path));
    expect(offenders).toEqual([]);
  });

  it("the role to permission rules live in the auth module", async () => {
    const roles = await import("../../server/auth/roles");
    expect(roles.rolePermissions("qc-manager")).toEqual([
      "qc-manager-dashboard-permission",
      "qc-manager-workflow-permission",
    ]);
    expect(roles.rolePermissions("admin")).toEqual(roles.allPermissions());
  });
});
