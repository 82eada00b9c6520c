/** `npm run coverage:machines`: writes docs/coverage/transitions.md from the machines and their fixtures. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { COVERAGE_PAGE, coveragePage } from "../tests/machines/coverage-page";

writeFileSync(join(process.cwd(), COVERAGE_PAGE), coveragePage());
console.log(`Wrote ${COVERAGE_PAGE}`);
