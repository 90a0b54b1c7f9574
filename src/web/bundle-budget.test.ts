import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOnlySources, analyseBuild, budgets, buildForBudget, isAdminModule, isAdminPlaced, type BundleAnalysis } from "../../bench/bundle-budget";

/**
 * The byte budgets of the performance issue, on a production build made for this test (a child
 * process, ~5-30 s): what the sign-in page and the customer area load, all JavaScript and CSS
 * (gzip), and that no admin module ever reaches a customer. `npm run bench:bundle` prints the
 * same figures. ADR 008 says how the app stays within them.
 */
/** A domain feature keeps the screens only admins use in its components/admin folder. */
const isAdminFeatureModule = (id: string) => /src\/web\/features\/[^/]+\/components\/admin\//.test(id);
const isAdminOnly = (id: string) => isAdminModule(id) || isAdminFeatureModule(id);

describe("web bundle budgets (production build, gzip)", () => {
  let outDir: string | undefined;
  let bundle: BundleAnalysis;

  beforeAll(() => {
    outDir = buildForBudget();
    bundle = analyseBuild(outDir);
  }, 180_000);

  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  // Bytes against bytes: a rounded KiB figure would let up to 51 bytes over a budget pass.
  it("loads at most 120 KiB of JavaScript for /auth", () => {
    expect(bundle.pages.auth.bytes).toBeLessThanOrEqual(budgets.auth);
  });

  it("loads at most 189 KiB of JavaScript for the customer area, every screen of it", () => {
    expect(bundle.pages.customer.bytes).toBeLessThanOrEqual(budgets.customer);
  });

  it("counts in each page its area's catalogue in one language, the larger of English and German: a page downloads only its language's (ADR 032)", () => {
    const cataloguesOf = (page: { modules: string[] }) => page.modules.filter((id) => id.startsWith("virtual:catalogue/"));
    const locale = (ids: string[]) => new Set(ids.map((id) => id.split("-").pop()));
    expect(cataloguesOf(bundle.pages.auth)).toEqual([expect.stringMatching(/^virtual:catalogue\/public-(en|de)$/)]);
    expect(cataloguesOf(bundle.pages.customer).map((id) => id.replace(/-(en|de)$/, "")).sort()).toEqual(["virtual:catalogue/customer", "virtual:catalogue/public"]);
    expect(locale(cataloguesOf(bundle.pages.customer)).size).toBe(1);
  });

  it("ships at most 396 KiB of JavaScript and 30 KiB of CSS in all", () => {
    expect(bundle.allJs).toBeLessThanOrEqual(budgets.allJs);
    expect(bundle.css).toBeLessThanOrEqual(budgets.css);
  });

  it("counts as admin code every module that only admin code imports, such as the company picker's hook", () => {
    const byUse = [...adminOnlySources()].filter((file) => !isAdminPlaced(file));
    expect(byUse).toEqual(expect.arrayContaining(["src/web/features/companies/api/use-company-options.ts", "src/web/components/paged-list.tsx"]));
    for (const file of byUse) expect(isAdminModule(`${process.cwd()}/${file}`), file).toBe(true);
    // Built: the admin modules of the build include these, not only the admin-placed ones.
    expect(bundle.modules.filter((id) => isAdminModule(id) && !isAdminPlaced(id)).length).toBeGreaterThan(0);
  });

  it("never sends admin code to the sign-in page or to a customer", () => {
    expect(bundle.pages.auth.modules.length).toBeGreaterThan(0);
    // The checks below would notice admin code: there is some in the build to notice.
    expect(bundle.modules.some(isAdminModule)).toBe(true);
    expect(bundle.modules.some(isAdminFeatureModule)).toBe(true);
    expect(bundle.pages.auth.modules.filter(isAdminOnly)).toEqual([]);
    expect(bundle.pages.customer.modules.filter(isAdminOnly)).toEqual([]);
  });

  it("keeps classic zod out of the browser: web forms use zod/mini copies of the server's schemas (ADR 008)", () => {
    expect(bundle.modules.filter((id) => id.includes("node_modules/zod/v4/classic/"))).toEqual([]);
  });
});
