/**
 * JavaScript and CSS each page loads (gzip), against the budgets of the performance issue:
 *   npm run bench:bundle
 * The same figures are asserted by src/web/bundle-budget.test.ts in `npm test`; the logic is in
 * bench/bundle-budget.ts.
 */
import { rmSync } from "node:fs";
import { analyseBuild, buildForBudget, formatReport } from "./bundle-budget";

const outDir = buildForBudget();
try {
  console.log(formatReport(analyseBuild(outDir)));
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
