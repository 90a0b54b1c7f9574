import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { createProject, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe's WCAG A/AA violations inside one part of the page, one line each. */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).withTags(TAGS).analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** The labelled region's axe findings: none expected. */
async function expectAccessible(page: Page, region: Locator, selector: string) {
  await expect(region).toBeVisible();
  expect(await violationsIn(page, selector)).toEqual([]);
}

test.describe("time tracking", () => {
  test("an admin sets a project's rate, logs 90 minutes and invoices them issued at once; the customer sees the project's hours", async ({ admin, newCustomer }) => {
    // One journey across both people: the admin's three screens and the customer's project page.
    test.slow();
    const customer = await newCustomer(`Hours Co ${tag()}`, "Hana Hours");
    const project = await createProject(admin, customer.company.id, { name: `Retainer ${tag()}` });
    const page = await admin.context.newPage();

    await page.goto(`/admin/projects/${project.id}`);
    const card = page.getByRole("region", { name: "Time" });
    await expect(card.getByText("No time logged yet")).toBeVisible();
    // The project's rate and monthly budget first: the entry takes the rate, the budget measures the month.
    const settings = card.getByRole("form", { name: "Rate and budget" });
    await settings.getByLabel("Hourly rate").fill("80");
    await settings.getByLabel("Monthly budget (hours)").fill("10");
    await settings.getByRole("button", { name: "Save rate and budget" }).click();
    await expect(page.getByText("Rate and budget saved")).toBeVisible();
    const log = card.getByRole("form", { name: "Log time" });
    await expect(log.getByLabel("Rate")).toHaveAttribute("placeholder", "80.00");

    // A refusal names its field: nothing typed in Minutes.
    await log.getByLabel("Description").fill("Workshop");
    await log.getByRole("button", { name: "Log time" }).click();
    await expect(log.getByText("Minutes must be a whole number from 1 to 1440")).toBeVisible();
    await expect(log.getByLabel("Billable")).toBeChecked();
    await log.getByLabel("Minutes").fill("90");
    await log.getByRole("button", { name: "Log time" }).click();
    await expect(page.getByText("Time logged")).toBeVisible();
    const entries = card.getByRole("table", { name: "Logged time" });
    const row = entries.getByRole("row").filter({ hasText: "Workshop" });
    await expect(row).toContainText("1 h 30 min");
    await expect(row).toContainText("80.00");
    await expect(row.getByRole("button", { name: /^Delete/ })).toBeVisible();
    await expect(card.getByRole("progressbar", { name: "Budget used this month" })).toHaveAttribute("aria-valuetext", "1 h 30 min of 10 h budget");
    await expectAccessible(page, card, 'section[aria-label="Time"]');

    // The customer's page: no invoice sets the time to "Billed" yet; the dialog bills it.
    await page.goto(`/admin/customers/${customer.company.id}`);
    await page.getByRole("button", { name: "Invoice unbilled time" }).click();
    const dialog = page.getByRole("dialog", { name: "Invoice unbilled time" });
    await expectAccessible(page, dialog, "dialog");
    await dialog.getByLabel("Issue at once").check();
    await dialog.getByRole("button", { name: "Create invoice" }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
    const lines = page.getByRole("table", { name: "Invoice lines" });
    const line = lines.getByRole("row").filter({ hasText: project.name });
    await expect(line.getByRole("cell").nth(1)).toHaveText("1.5");
    await expect(line.getByRole("cell").nth(4)).toHaveText("$120.00");
    const invoiceId = new URL(page.url()).pathname.split("/").pop()!;

    // Billed: the entry links to its invoice and can no longer be deleted; a second invoice finds nothing.
    await page.goto(`/admin/projects/${project.id}`);
    await expect(row.getByRole("link", { name: /^Billed on / })).toHaveAttribute("href", `/admin/invoices/${invoiceId}`);
    await expect(row.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    await page.goto(`/admin/customers/${customer.company.id}`);
    await page.getByRole("button", { name: "Invoice unbilled time" }).click();
    await dialog.getByRole("button", { name: "Create invoice" }).click();
    await expect(dialog.getByText("No unbilled billable time in this period")).toBeVisible();
    await page.close();

    const own = customer.page;
    await own.goto(`/dashboard/projects/${project.slug}`);
    const hours = own.getByRole("region", { name: "Hours" });
    await expect(hours.getByRole("definition").first()).toHaveText("1 h 30 min");
    await expect(hours.getByText("1 h 30 min of 10 h budget")).toBeVisible();
    await expect(hours.getByRole("progressbar", { name: "Budget used this month" })).toHaveAttribute("aria-valuenow", "90");
    await expectAccessible(own, hours, 'section[aria-label="Hours"]');
  });
});
