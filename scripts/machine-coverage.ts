/**
 * `npm run coverage:machines`: writes docs/coverage/transitions.md, the Machines area's figures and
 * its per-machine paths (src/ui/machines/paths) from the machines and their fixtures.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  COVERAGE_FIGURES,
  COVERAGE_PAGE,
  coverageFigures,
  coveragePage,
} from "../tests/machines/coverage-page";
import { QA_PATHS_DIR, qaPathFiles, writtenPathFiles } from "../tests/machines/qa-paths";

writeFileSync(join(process.cwd(), COVERAGE_PAGE), coveragePage());
writeFileSync(join(process.cwd(), COVERAGE_FIGURES), coverageFigures());
mkdirSync(join(process.cwd(), QA_PATHS_DIR), { recursive: true });
const files = qaPathFiles();
// A machine taken out of the registry leaves no file behind.
for (const old of writtenPathFiles())
  if (!files.some((f) => f.file === old)) rmSync(join(process.cwd(), old));
for (const { file, text } of files) writeFileSync(join(process.cwd(), file), text);
console.log(`Wrote ${COVERAGE_PAGE}, ${COVERAGE_FIGURES} and ${files.length} files in ${QA_PATHS_DIR}`);
