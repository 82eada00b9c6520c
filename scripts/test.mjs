// The static checks (lint, types, the layer rule), the unit suite and the browser suite side by
// side: the browser tests mostly wait on their pages (a shard keeps about a quarter of one core
// busy) while the others keep the cores busy, so run together they end about when the longest
// would have ended alone. Each line is prefixed with its suite; the command fails when any suite
// fails, and says which.

import { spawn } from "node:child_process";
import { prefixLines } from "./prefix-lines.mjs";

const suites = [
  { name: "checks", command: "sh", args: ["-c", "npm run lint && npm run typecheck && npm run deps"] },
  { name: "unit", command: "node_modules/.bin/vitest", args: ["run"] },
  { name: "browser", command: "node", args: ["scripts/e2e.mjs"] },
];

function run({ name, command, args }) {
  const started = Date.now();
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
  prefixLines(child.stdout, `[${name}] `);
  prefixLines(child.stderr, `[${name}] `);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(`[${name}] ${code === 0 ? "passed" : "FAILED"} in ${minutes} min`);
      resolve({ name, code: code ?? 1 });
    }),
  );
}

const results = await Promise.all(suites.map(run));
const failed = results.filter((r) => r.code !== 0);
if (failed.length > 0) console.error(`Failed: ${failed.map((r) => r.name).join(", ")}`);
process.exit(failed.length > 0 ? 1 : 0);
