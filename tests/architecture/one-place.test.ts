/**
 * A rule's constant lives in one module: a copy elsewhere drifts (four month lists, a hard-coded
 * +5:30 and three date checks once did). Each entry names the module that owns the text and what a
 * copy of it looks like; the test fails when the copy appears in any other file of src or server.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|sql)$/.test(name) ? [path] : [];
  });
}

const OWNED: { what: string; owner: string; copy: RegExp }[] = [
  { what: "the month names", owner: "src/domain/format.ts", copy: /["']Jan["'],\s*["']Feb["']/ },
  {
    what: "India's UTC offset",
    owner: "src/domain/format.ts",
    copy: /\b330\s*[*;]|5\s*\*\s*60\s*\+\s*30|19_?800\b|\+05:?30\b|5\.5\s*\*/,
  },
  { what: "the YYYY-MM-DD date check", owner: "src/domain/format.ts", copy: /\\d\{4\}-\\d\{2\}-\\d\{2\}/ },
];

const files = [...sourceFiles(join(root, "src")), ...sourceFiles(join(root, "server"))].map((path) => ({
  path: relative(root, path),
  text: readFileSync(path, "utf8"),
}));

describe("each rule's constant in one module", () => {
  for (const { what, owner, copy } of OWNED) {
    it(`${what} appear only in ${owner}`, () => {
      expect(files.find((f) => f.path === owner)?.text).toMatch(copy);
      const copies = files.filter((f) => f.path !== owner && copy.test(f.text)).map((f) => f.path);
      expect(copies).toEqual([]);
    });
  }

  it("finds a planted copy", () => {
    const planted = 'const MONTHS = ["Jan", "Feb", "Mar"];';
    expect(OWNED.filter((o) => o.copy.test(planted)).map((o) => o.what)).toEqual(["the month names"]);
  });
});
