/**
 * The administration lists of `npm run bench`: the demo database plus 10,000 users in one client
 * organisation (each with a staff role, one in ten inactive), then the admin list pages as the
 * screens ask for them (the user list paged, ordered, searched and filtered by role and by active,
 * and the organisation's other lists), each through the app in process. Target: p95 under 30 ms.
 * Gives its section of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite } from "../server/db/db";
import { rebuildDatabase } from "../server/seed/rebuild";
import { timedApp } from "./bench-app";

export const ADMIN_USERS = 10_000;
export const ADMIN_LIST_P95_TARGET_MS = 30;
const ROUNDS_PER_QUERY = 20;
/** Few outlets: the admin lists do not read them, and the seed stays quick. */
const OUTLETS = 1_000;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** The list pages measured, with `{org}` and `{role}` filled in from the database. */
const LIST_QUERIES: readonly [string, string][] = [
  ["users of the organisation, first page", "users/?organisation={org}&page=1&page-size=15"],
  ["users by name, descending, page 300", "users/?organisation={org}&ordering=-name&page=300&page-size=15"],
  ["users with one role, 100 rows", "users/?organisation={org}&roles={role}&page=1&page-size=100"],
  ["inactive users, page 20", "users/?organisation={org}&is_active=false&page=20&page-size=15"],
  ["users searched by name", "users/?organisation={org}&search=Bench%20User%2042&page=1&page-size=15"],
  ["every user, by user name, page 500", "users/?ordering=username&page=500&page-size=15"],
  ["roles", "roles/?page=1&page-size=15"],
  ["regions of the organisation", "regions/?organisation={org}&page=1&page-size=15"],
  ["organisations", "organisations/?page=1&page-size=15"],
];

export async function benchAdmin(): Promise<{ lines: string[]; withinTargets: boolean }> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-admin-"));
  const db = await openPglite(dataDir);
  try {
    const seeded = await rebuildDatabase(db, { outlets: OUTLETS, reset: true, now: Date.now() });
    if (seeded.kind !== "seeded") throw new Error("the benchmark database was not empty");
    const [org] = await db.query<{ id: number }>(
      "SELECT id FROM organisations WHERE slug = 'acme-beverages'",
    );
    const roles = await db.query<{ id: number }>(
      "SELECT id FROM roles WHERE name NOT IN ('admin', 'field-auditor', 'retailer') ORDER BY id",
    );
    const started = performance.now();
    await db.query(
      `INSERT INTO users (username, name, email, phone_number, organisation_id, password_hash, password_changed_at, is_active)
       SELECT 'bench.user' || n, 'Bench User ' || n, 'bench.user' || n || '@example.in', '9' || lpad(n::text, 9, '0'),
         $1, '!', now(), n % 10 <> 0
       FROM generate_series(1, $2) n`,
      [org!.id, ADMIN_USERS],
    );
    await db.query(
      `INSERT INTO user_roles (user_id, role_id)
       SELECT u.id, ($1::int[])[1 + u.id % array_length($1::int[], 1)] FROM users u WHERE u.username LIKE 'bench.user%'`,
      [roles.map((r) => r.id)],
    );
    await db.exec("ANALYZE users; ANALYZE user_roles;");
    const loadMs = performance.now() - started;
    const call = timedApp(db);
    const { json: login } = await call(
      "POST",
      "/api/auth/login/",
      {},
      { login_username: "admin", password: "Demo@12345", method_of_login: "password", platform: "web" },
    );
    const admin = { authorization: `sessionid ${login.sessionid as string}` };

    const perQuery: { label: string; p50: number; p95: number; cpuP50: number; cpuP95: number }[] = [];
    const all = { wall: [] as number[], cpu: [] as number[] };
    for (const [label, template] of LIST_QUERIES) {
      const path = `/api/admin/${template.replace("{org}", String(org!.id)).replace("{role}", String(roles[0]!.id))}`;
      const first = await call("GET", path, admin); // warm the plan and the cache
      if (label.startsWith("users of") && (first.json.count as number) < ADMIN_USERS)
        throw new Error(`the user list counts ${String(first.json.count)}`);
      const wall: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < ROUNDS_PER_QUERY; i++) {
        const { ms, cpuMs } = await call("GET", path, admin);
        wall.push(ms);
        cpu.push(cpuMs);
      }
      wall.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      all.wall.push(...wall);
      all.cpu.push(...cpu);
      perQuery.push({
        label,
        p50: percentile(wall, 50),
        p95: percentile(wall, 95),
        cpuP50: percentile(cpu, 50),
        cpuP95: percentile(cpu, 95),
      });
    }
    all.wall.sort((a, b) => a - b);
    all.cpu.sort((a, b) => a - b);
    const p95 = percentile(all.wall, 95);
    const lines = [
      `## Administration lists (${ADMIN_USERS.toLocaleString("en")} users, PGlite, requests through the app in process)`,
      "",
      `The demo data plus ${ADMIN_USERS.toLocaleString("en")} users of Acme Beverages, each with a staff role and one in ten inactive, loaded in ${fmt(loadMs / 1000)} s; signed in as admin.`,
      "",
      "| list page | p50 ms | p95 ms | CPU p50 ms | CPU p95 ms |",
      "| --- | ---: | ---: | ---: | ---: |",
      ...perQuery.map(
        (q) => `| ${q.label} | ${fmt(q.p50)} | ${fmt(q.p95)} | ${fmt(q.cpuP50)} | ${fmt(q.cpuP95)} |`,
      ),
      `| **all ${all.wall.length} list requests** (target p95 under ${ADMIN_LIST_P95_TARGET_MS} ms) | ${fmt(percentile(all.wall, 50))} | **${fmt(p95)}** | ${fmt(percentile(all.cpu, 50))} | ${fmt(percentile(all.cpu, 95))} |`,
      "",
    ];
    return { lines, withinTargets: p95 < ADMIN_LIST_P95_TARGET_MS };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run alone with `npx tsx scripts/bench-admin.ts` to print the section without the rest of the bench.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { lines, withinTargets } = await benchAdmin();
  console.log(lines.join("\n"));
  if (!withinTargets) process.exitCode = 1;
}
