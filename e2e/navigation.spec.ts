import { expect, test } from "./support/fixtures";

test.describe("routing and the session", () => {
  test("sends a visitor without a session from / to /auth", async ({ anonPage: page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("sends a visitor without a session away from the customer and admin areas", async ({ anonPage: page }) => {
    await page.goto("/dashboard/tickets");
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/admin/invoices");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("sends a signed-in customer from / to /dashboard and out of /admin", async ({ customerPage: page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("sends a signed-in admin from / to /admin", async ({ adminPage: page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("shows the 404 page for an unknown path with a way home", async ({ anonPage: page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe("the customer layout", () => {
  test("shows brand, nav in order with the active link, the user with Online, and logs out", async ({ customerPage: page }) => {
    await page.goto("/dashboard/projects");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Company", "Projects", "Tickets", "Invoices", "Messages"]);
    await expect(nav.getByRole("link", { name: "Projects" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner").getByText(page.credentials.name)).toBeVisible();
    await expect(page.getByRole("banner").getByText("Online")).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("collapses the nav into a menu with Logout on a small screen", async ({ customerPage: page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/dashboard");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link")).toHaveText(["Company", "Projects", "Tickets", "Invoices", "Messages"]);
    await menu.getByRole("link", { name: "Tickets" }).click();
    await expect(page).toHaveURL(/\/dashboard\/tickets$/);
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe("the admin layout", () => {
  test("is titled Admin Dashboard with the admin nav in order", async ({ adminPage: page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("banner").getByText("Admin Dashboard")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Customers", "Projects", "Tickets", "Invoices", "Messages", "Outbox"]);
    await expect(nav.getByRole("link", { name: "Customers" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner").getByText("Alex Admin")).toBeVisible();
  });
});
