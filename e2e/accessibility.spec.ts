import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { screenWorld, type Screen, type ScreenWorld } from "./support/screens";

/**
 * WCAG 2.2 AA (issue 22): axe finds no violation at levels A and AA on any screen, in the light
 * and the dark theme, at desktop and phone width, signed out, as a customer and as an admin; nor
 * in the states a screen reaches only by interaction (an open dialog, the phone menu, the admin
 * bar's More panel, the sign-in form's errors). One world of records for the whole file; each test
 * walks one role's screens in one theme at one width, in the role's one signed-in page.
 */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const THEMES = ["light", "dark"] as const;
const ROLES = ["anonymous", "customer", "admin"] as const;

type Role = (typeof ROLES)[number];
type Width = keyof typeof WIDTHS;
type Theme = (typeof THEMES)[number];

/** Axe's violations on the page as it is now, one line each: where, rule, impact, what, and the elements. */
async function violations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact ?? "no impact"}) ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

/** Opens a screen in the page and waits until it shows its data. */
async function open(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await screen.ready(page);
}

function screenNamed(screens: Screen[], name: string): Screen {
  const found = screens.find((screen) => screen.name === name);
  if (!found) throw new Error(`No screen named ${name} in e2e/support/screens.ts`);
  return found;
}

/** A modal opened by a button on a screen, with its own violations (then closed again). */
async function withDialog(page: Page, screen: Screen, button: string, label: string): Promise<string[]> {
  await open(page, screen);
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const found = await violations(page, `${screen.path} [${label}]`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  return found;
}

/** What a role reaches only by interaction, checked where it is cheap. */
async function interactiveStates(world: ScreenWorld, role: Role, width: Width): Promise<string[]> {
  const page = world[role].page;
  const found: string[] = [];
  if (role === "anonymous") {
    // The sign-in form's errors, under the form and in the toast.
    await open(page, screenNamed(world.publicScreens, "sign-in"));
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    found.push(...(await violations(page, "/auth [sign-in errors]")));
    return found;
  }
  found.push(
    ...(role === "customer"
      ? await withDialog(page, screenNamed(world.customerScreens, "customer-tickets"), "New Ticket", "New Ticket dialog")
      : await withDialog(page, screenNamed(world.adminScreens, "admin-customers"), "New Customer", "New Customer dialog")),
  );
  if (role === "admin") {
    // The command palette (Ctrl+K), listing the pages and actions before anything is typed.
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Search and go to" });
    await expect(palette.getByRole("option").first()).toBeVisible();
    found.push(...(await violations(page, `${new URL(page.url()).pathname} [command palette]`)));
    await page.keyboard.press("Escape");
    await expect(palette).toHaveCount(0);
  }
  if (role === "admin" && width === "desktop") {
    // The admins' own sections, in the bar's "More" panel.
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "More" }).click();
    await expect(nav.getByRole("link", { name: "Audit log" })).toBeVisible();
    found.push(...(await violations(page, `${new URL(page.url()).pathname} [More open]`)));
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Audit log" })).toBeHidden();
  }
  if (width === "phone") {
    const menu = page.locator("button[aria-controls='mobile-menu']");
    await menu.click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    found.push(...(await violations(page, `${new URL(page.url()).pathname} [phone menu open]`)));
    await menu.click();
  }
  return found;
}

const screensOf = (world: ScreenWorld, role: Role) =>
  role === "anonymous" ? world.publicScreens : role === "customer" ? world.customerScreens : world.adminScreens;

let world: ScreenWorld;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000); // paces: nothing, the time limit of building the records
  world = await screenWorld(browser);
});

test.afterAll(async () => {
  await world?.close();
});

for (const role of ROLES) {
  for (const theme of THEMES) {
    for (const width of Object.keys(WIDTHS) as Width[]) {
      test(`no WCAG 2.2 A/AA violation on any screen: ${role}, ${theme} theme, ${width} width`, async () => {
        test.setTimeout(240_000); // paces: nothing, the time limit of a walk through every screen
        const page = world[role].page;
        await page.setViewportSize(WIDTHS[width]);
        // The theme follows the system's setting until the user picks one (none picked here).
        await page.emulateMedia({ colorScheme: theme });
        const found: string[] = [];
        for (const screen of screensOf(world, role)) {
          await open(page, screen);
          await expectTheme(page, theme);
          found.push(...(await violations(page, screen.path)));
        }
        found.push(...(await interactiveStates(world, role, width)));
        expect(found, `axe found ${found.length} violation(s):\n${found.join("\n")}`).toEqual([]);
      });
    }
  }
}

/** The page is in the theme the test asked for, or a dark run would check the light colours. */
async function expectTheme(page: Page, theme: Theme) {
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
}
