/**
 * A rule's constant lives in one module: a copy elsewhere drifts (four month lists, a hard-coded
 * +5:30, three date checks, three question-type lists and a calling rule restated in SQL once did).
 * Each entry names the module that owns the text and what a copy of it looks like; the test fails
 * when the copy appears in any other file of src or server. Migrations already applied are history
 * that cannot change: an entry lists those that hold a copy, and a new one fails like any file.
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

/** A digit in a pattern, as a regular expression or SQL writes it: \d or [0-9]. */
const DIGIT = String.raw`(?:\\d|\[0-9\])`;
/** A question type as a quoted literal of TS or SQL. */
const quoted = (type: string) => `["']${type}["']`;
const list = (...items: string[]) => new RegExp(items.map(quoted).join(String.raw`,\s*`));

const OWNED: { what: string; owner: string; copy: RegExp; history?: string[] }[] = [
  { what: "the month names", owner: "src/domain/shared/format.ts", copy: /["']Jan["'],\s*["']Feb["']/ },
  {
    what: "India's UTC offset",
    owner: "src/domain/shared/format.ts",
    copy: /\b330\s*[*;]|5\s*\*\s*60\s*\+\s*30|19_?800\b|\+05:?30\b|5\.5\s*\*/,
  },
  {
    what: "the YYYY-MM-DD date check",
    owner: "src/domain/shared/format.ts",
    // With or without capture groups around each part.
    copy: new RegExp(`${DIGIT}\\{4\\}\\)?-\\(?${DIGIT}\\{2\\}\\)?-\\(?${DIGIT}\\{2\\}`),
  },
  {
    what: "the question types",
    owner: "src/domain/survey/survey.ts",
    copy: list("yes_or_no", "single_choice"),
    history: ["server/migrations/0013_survey.sql"],
  },
  {
    what: "the image question types",
    owner: "src/domain/survey/survey.ts",
    copy: list("single_image", "multiple_image", "invoice_image", "e_signature"),
    history: ["server/migrations/0013_survey.sql"],
  },
  {
    what: "the account number's 9 to 18 digits",
    owner: "src/domain/shared/validation.ts",
    copy: new RegExp(`${DIGIT}\\{9,18\\}`),
  },
  {
    what: "the phone check (10 digits once spaces and +91 are removed)",
    owner: "src/domain/shared/phoneNumber.ts",
    // The +91 stripped, or the 10 digits tested on a stripped number.
    copy: /replace\(\/\^\\\+91\/|\{10\}\$\/\.test\(\s*bareMobile\(/,
  },
  {
    what: "the calling verification rule",
    owner: "src/domain/survey/survey.ts",
    // Its messages, or "called and verified or remarked" spelled out in TS or SQL.
    copy: /Mark at least one calling question|Give the Reason for the remark|has_called_and_verified\s*(?:OR|\|\|)|(?:OR|\|\|)\s*[\w.]*has_called_and_verified/,
  },
];

const files = [...sourceFiles(join(root, "src")), ...sourceFiles(join(root, "server"))].map((path) => ({
  path: relative(root, path),
  text: readFileSync(path, "utf8"),
}));

describe("each rule's constant in one module", () => {
  for (const { what, owner, copy, history = [] } of OWNED) {
    it(`${what} appear only in ${owner}`, () => {
      expect(files.find((f) => f.path === owner)?.text).toMatch(copy);
      const copies = files
        .filter((f) => f.path !== owner && !history.includes(f.path) && copy.test(f.text))
        .map((f) => f.path);
      expect(copies).toEqual([]);
    });
  }

  const copiesIn = (planted: string) => OWNED.filter((o) => o.copy.test(planted)).map((o) => o.what);

  it("finds a planted copy", () => {
    expect(copiesIn('const MONTHS = ["Jan", "Feb", "Mar"];')).toEqual(["the month names"]);
  });

  it("finds a planted date check, with or without capture groups, as a regular expression or SQL writes it", () => {
    for (const planted of [
      String.raw`const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;`,
      String.raw`const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);`,
      "WHERE d ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'",
    ])
      expect(copiesIn(planted), planted).toEqual(["the YYYY-MM-DD date check"]);
    // A month (YYYY-MM) or an upload cell's lenient date is another rule.
    expect(copiesIn(String.raw`/^(\d{4})-(\d{1,2})-(\d{1,2})$/ /^\d{4}-\d{2}$/`)).toEqual([]);
  });

  it("finds a planted question-type list, in TS or as SQL literals", () => {
    expect(copiesIn('const TYPES = ["yes_or_no", "single_choice", "dropdown"] as const;')).toEqual([
      "the question types",
    ]);
    expect(
      copiesIn("WHERE q.type NOT IN ('single_image', 'multiple_image', 'invoice_image', 'e_signature')"),
    ).toEqual(["the image question types"]);
  });

  it("excuses only migrations, as history, never a file that can still change", () => {
    const excused = OWNED.flatMap((o) => o.history ?? []);
    expect(excused.every((path) => /^server\/migrations\/\d+_\w+\.sql$/.test(path))).toBe(true);
    expect(excused.every((path) => files.some((f) => f.path === path))).toBe(true);
  });

  it("finds a planted account number or phone check", () => {
    expect(copiesIn("const ACCOUNT = /^[0-9]{9,18}$/;")).toEqual(["the account number's 9 to 18 digits"]);
    const phone = "the phone check (10 digits once spaces and +91 are removed)";
    expect(copiesIn('check("phone", (s) => /^\\d{10}$/.test(bareMobile(s)), PHONE_INVALID);')).toEqual([
      phone,
    ]);
    expect(copiesIn('const digits = value.replace(/\\s+/g, "").replace(/^\\+91/, "");')).toEqual([phone]);
  });

  it("finds the calling rule restated in SQL or TS, or its messages copied", () => {
    for (const planted of [
      "AND (a.has_called_and_verified OR coalesce(trim(a.remarks), '') <> '')",
      "answers.some((a) => a.remarked || a.has_called_and_verified)",
      'const NOT_VERIFIED = "Mark at least one calling question as called and verified, or give it a remark.";',
      'errors.push("Give the Reason for the remark on " + name);',
    ])
      expect(copiesIn(planted), planted).toEqual(["the calling verification rule"]);
  });
});
