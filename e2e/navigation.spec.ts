import type { Locator, Page, Request } from "@playwright/test";
import { MORE_SECTIONS } from "./support/admin-data";
import { E2E_ADMIN } from "./support/constants";
import { expect, test, type Credentials } from "./support/fixtures";

/**
 * Holds the page's first /api/me request (a slow server) until `release`, which resolves once
 * its answer has reached the browser; later requests pass at once.
 */
async function holdFirstSessionCheck(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held: Request | undefined;
  await page.route("**/api/me", async (route) => {
    if (held) return route.fallback();
    held = route.request();
    await released;
    await route.continue();
  });
  return {
    release: async () => {
      expect(held, "the page asked /api/me").toBeDefined();
      const answered = page.waitForEvent("requestfinished", { predicate: (request) => request === held });
      release();
      await answered;
    },
  };
}

/** Signs in through the form on /auth. */
async function signInOnForm(page: Page, credentials: Pick<Credentials, "email" | "password">) {
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

const SESSION_CHECK_TIMEOUT_MS = 2000;

/**
 * A signed-in user opens `path` while /api/me hangs: after 2 s the page gives up and shows the
 * sign-in form; the answer arriving later leaves them there; signing in brings them to `path`.
 */
async function givesUpThenReturnsAfterSignIn(page: Page, path: string, credentials: Pick<Credentials, "email" | "password">, heading: string) {
  const sessionCheck = await holdFirstSessionCheck(page);
  const started = Date.now();
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
  expect(Date.now() - started).toBeGreaterThanOrEqual(SESSION_CHECK_TIMEOUT_MS);

  // The slow server answers now that this user does have a session: the form stays.
  await sessionCheck.release();
  await signInOnForm(page, credentials);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
}

test.describe("routing and the session", () => {
  test("sends a visitor without a session from /, the customer area and the admin area to /auth, and shows the 404 page for an unknown path with a way home", async ({
    anonPage: page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/dashboard/tickets");
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/admin/invoices");
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto("/no/such/page");
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("stops waiting for a slow session check on / after 2 s and shows the sign-in form", async ({ anonPage: page }) => {
    const sessionCheck = await holdFirstSessionCheck(page);
    const started = Date.now();
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SESSION_CHECK_TIMEOUT_MS);
    await sessionCheck.release();
  });

  test("stops waiting for a slow session check on a customer page after 2 s, ignores the late answer, and signing in returns there", async ({
    customerPage: page,
  }) => {
    await givesUpThenReturnsAfterSignIn(page, "/dashboard/tickets", page.credentials, "Tickets");
  });

  test("stops waiting for a slow session check on an admin page after 2 s, ignores the late answer, and signing in returns there", async ({
    adminPage: page,
  }) => {
    // With a search, which the way back keeps too.
    await givesUpThenReturnsAfterSignIn(page, "/admin/invoices?q=INV", E2E_ADMIN, "Invoices");
  });
});

test.describe("the customer layout", () => {
  test("sends a signed-in customer from / to /dashboard and out of /admin; shows brand, nav in order with the active link, the user with Online; logs out; and signing in again returns to the page opened", async ({
    customerPage: page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/dashboard/projects");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Overview", "Company", "Projects", "Tickets", "Invoices", "Quotes", "Messages"]);
    await expect(nav.getByRole("link", { name: "Projects" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner").getByText(page.credentials.name)).toBeVisible();
    await expect(page.getByRole("banner").getByText("Online")).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth$/);

    // Signed out, a page opened by its address is where signing in leads.
    await page.goto("/dashboard/invoices");
    await expect(page).toHaveURL(/\/auth$/);
    await signInOnForm(page, page.credentials);
    await expect(page).toHaveURL(/\/dashboard\/invoices$/);
  });

  test('keeps the title "Customer Portal" beside the brand and the menu button at 360 px, and collapses the nav into a menu with Logout on a small screen', async ({
    customerPage: page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/dashboard");
    await expectTitleBesideMenu(page, "Customer Portal");

    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link")).toHaveText(["Overview", "Company", "Projects", "Tickets", "Invoices", "Quotes", "Messages"]);
    await menu.getByRole("link", { name: "Tickets" }).click();
    await expect(page).toHaveURL(/\/dashboard\/tickets$/);
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

/** Every link and button of the bar on one row: the same top edge. */
async function expectOneRow(nav: Locator) {
  const tops = await nav.locator(":scope > a, :scope > button").evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThan(1);
  expect(new Set(tops).size, `tops: ${tops.join(", ")}`).toBe(1);
}

/** At 360 px the open page's title stays in the header, between the brand and the menu button. */
async function expectTitleBesideMenu(page: Page, title: string) {
  await page.setViewportSize({ width: 360, height: 740 });
  const banner = page.getByRole("banner");
  const titleText = banner.getByText(title, { exact: true });
  await expect(titleText).toBeVisible();
  const menuButton = banner.getByRole("button", { name: "Open menu" });
  await expect(menuButton).toBeVisible();
  const [titleBox, menuBox] = await Promise.all([titleText.boundingBox(), menuButton.boundingBox()]);
  expect(titleBox!.x + titleBox!.width).toBeLessThanOrEqual(menuBox!.x);
  expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(360);
}

test.describe("the admin layout", () => {
  test('sends a signed-in admin from / to /admin, titled Admin Dashboard with the admin nav in order on one row, the admins\' own sections behind More, and keeps the title "Admin Dashboard" beside the brand and the menu button at 360 px', async ({
    adminPage: page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("banner").getByText("Admin Dashboard")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    // The bootstrap admin is every spec's admin: Messages carries the count of whatever customer
    // messages other specs left unread, which is not what this test is about.
    await expect(nav.getByRole("link")).toHaveText(["Overview", "Customers", "Projects", "Tickets", "Invoices", "Quotes", /^Messages\d*$/]);
    // The admins' own sections wait behind "More", so the bar stays one row at desktop width.
    const more = nav.getByRole("button", { name: "More" });
    await more.click();
    await expect(nav.getByRole("link")).toHaveText(["Overview", "Customers", "Projects", "Tickets", "Invoices", "Quotes", /^Messages\d*$/, ...MORE_SECTIONS]);
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Team" })).toBeHidden();
    await expectOneRow(nav);
    // /admin is the spec's Customers table (D23); the work queue is one click away (ADR 035).
    await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Customers" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Overview" }).click();
    await expect(page).toHaveURL(/\/admin\/overview$/);
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Customers" })).not.toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner").getByText("Alex Admin")).toBeVisible();

    // Following one of them closes the panel; the button is marked as the bar's active link is.
    const inactiveClass = await more.getAttribute("class");
    await more.click();
    await nav.getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(nav.getByRole("link", { name: "Audit log" })).toBeHidden();
    await expect(more).toHaveClass(/bg-primary/);
    expect(inactiveClass).not.toMatch(/bg-primary/);
    await more.click();
    await expect(nav.getByRole("link", { name: "Audit log" })).toHaveAttribute("aria-current", "page");
    // At desktop width (1280 px) the bar keeps one row.
    await expectOneRow(nav);
    await page.keyboard.press("Escape");

    await expectTitleBesideMenu(page, "Admin Dashboard");
  });
});

// The addresses the spec's index pages had while the overviews held them (ADR 035) are bookmarked
// and linked from older mails: each opens the page that now lives at the index (D23).
test.describe("the spec's index pages at their old addresses", () => {
  test("/dashboard/company opens the Company page at /dashboard, keeping the query and the hash", async ({ customerPage: page }) => {
    await page.goto("/dashboard/company?from=mail#team");
    await expect(page).toHaveURL(/\/dashboard\?from=mail#team$/);
    await expect(page.getByRole("heading", { name: "Company Profile" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Company", exact: true })).toHaveAttribute("aria-current", "page");
    // Back leaves the redirect behind rather than landing on it again.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/dashboard\/company/);
  });

  test("/admin/customers opens the Customers table at /admin, keeping the query", async ({ adminPage: page }) => {
    await page.goto("/admin/customers?from=bookmark");
    await expect(page).toHaveURL(/\/admin\?from=bookmark$/);
    await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" })).toHaveAttribute("aria-current", "page");
  });
});
