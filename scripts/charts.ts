/** `npm run charts`: writes docs/state-charts/<machine>.md and the index from the machine registry. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chartFiles } from "./chart-generator";

const dir = join(process.cwd(), "docs/state-charts");
mkdirSync(dir, { recursive: true });
const files = chartFiles();
for (const name of readdirSync(dir)) if (!files.has(name)) rmSync(join(dir, name));
for (const [name, content] of files) writeFileSync(join(dir, name), content);
console.log(`Wrote ${files.size} files to docs/state-charts`);
