import { adminApi, createProject, createTicket, customerWithCompany, tag, type AdminApi } from "./support/customer-data";
import { expect, test } from "./support/fixtures";

let admin: AdminApi;
test.beforeAll(async ({ browser }) => {
  admin = await adminApi(browser);
});
test.afterAll(async () => {
  await admin.close();
});

test.describe("command palette", () => {
  test("Ctrl+K, a ticket's number and Enter open the ticket; '/' opens it again and Escape gives focus back", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Palette Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `Palette project ${t}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Palette printer ${t}` });

    await page.goto("/admin/overview");
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Search and go to" });
    const input = palette.getByRole("combobox", { name: "Search tickets, projects, invoices, companies and pages" });
    await expect(input).toBeFocused();
    await input.fill(String(ticket.number));
    const found = palette.getByRole("option", { name: `#${ticket.number} ${ticket.title}` });
    await expect(found).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/admin/tickets/${ticket.id}`);
    await expect(palette).toHaveCount(0);
    await expect(page.getByRole("heading", { name: ticket.title })).toBeVisible();

    // "/" outside a field opens it too; the arrows move among the finds; Escape closes it, and focus
    // is back on what had it (the header's search button, pressed by keyboard).
    const button = page.getByRole("button", { name: "Search and go to" });
    await button.focus();
    await page.keyboard.press("/");
    await expect(input).toBeFocused();
    await input.fill(`palette ${t}`);
    await expect(palette.getByRole("option", { name: `#${ticket.number} ${ticket.title}` })).toHaveAttribute("aria-selected", "true");
    await expect(palette.getByRole("option", { name: `Palette project ${t}` })).toBeVisible();
    await expect(palette.getByRole("option", { name: `Palette Co ${t}`, exact: true })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(palette.getByRole("option", { name: `Palette project ${t}` })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Escape");
    await expect(palette).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(page).toHaveURL(`/admin/tickets/${ticket.id}`);
  });

  test("opens pages and runs the theme and New invoice actions by their words, and says when nothing is found", async ({ adminPage: page }) => {
    await page.goto("/admin/overview");
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Search and go to" }).click();
    const palette = page.getByRole("dialog", { name: "Search and go to" });
    const input = palette.getByRole("combobox");
    // Before any typing: every page and action.
    await expect(palette.getByRole("option", { name: "Audit log" })).toBeVisible();
    await input.fill("audit");
    await expect(palette.getByRole("option", { name: "Audit log" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin/audit");

    await page.keyboard.press("Control+k");
    await input.fill("dark theme");
    await palette.getByRole("option", { name: "Switch to the dark theme" }).click();
    await expect(palette).toHaveCount(0);
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.keyboard.press("Control+k");
    // Back to following the system (light here), as the page was.
    await input.fill("system");
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await expect(palette).toHaveCount(0);

    // "New invoice" opens the invoices page with its New dialog open; Back to the page opens no dialog again.
    await page.keyboard.press("Control+k");
    await input.fill("new inv");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin/invoices");
    await expect(page.getByRole("dialog", { name: "Create New Invoice" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.goto("/admin/overview");
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Invoices", level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.keyboard.press("Control+k");
    await input.fill(`zzq${tag()}`);
    await expect(palette.getByRole("status")).toHaveText("Nothing found");
    await expect(palette.getByRole("option")).toHaveCount(0);
  });
});
