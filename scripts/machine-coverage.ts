/**
 * `npm run coverage:machines`: writes docs/coverage/transitions.md and the Machines area's figures
 * from the machines and their fixtures (QA's paths are generated when the client is built).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  COVERAGE_FIGURES,
  COVERAGE_PAGE,
  coverageFigures,
  coveragePage,
} from "../tests/machines/coverage-page";

writeFileSync(join(process.cwd(), COVERAGE_PAGE), coveragePage());
writeFileSync(join(process.cwd(), COVERAGE_FIGURES), coverageFigures());
console.log(`Wrote ${COVERAGE_PAGE} and ${COVERAGE_FIGURES}`);
