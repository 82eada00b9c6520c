/** `npm run routes`: writes docs/coverage/routes.md from the route catalogue and the built screens. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ROUTES_COVERAGE_PATH, routesCoverageMarkdown } from "./routes-coverage-generator";

const file = join(process.cwd(), ROUTES_COVERAGE_PATH);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, routesCoverageMarkdown());
console.log(`Wrote ${ROUTES_COVERAGE_PATH}`);
