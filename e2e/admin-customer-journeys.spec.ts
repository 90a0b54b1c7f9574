import { createProject, createTicket, customerWithCompany, adminApi, tag } from "./support/customer-data";
import { expect, test } from "./support/fixtures";

/**
 * Journeys across both roles: what the admin does in the admin screens is what the customer then
 * sees in their portal. The customer side is asserted on visible text only.
 */
test.describe("admin and customer together", () => {
  test("a project and an invoice the admin creates appear in the customer's portal", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Journey Co ${t}`, "Jules Journey");

    // Before: nothing for this customer yet.
    await customer.page.goto("/dashboard/projects");
    await expect(customer.page.getByText("No Projects Yet")).toBeVisible();

    // The admin finds the new customer and creates a project for it.
    await page.goto("/admin");
    await page.getByRole("searchbox", { name: "Search customers" }).fill(t);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${t}`));
    await page.getByRole("link", { name: customer.company.name }).click();
    await page.getByRole("button", { name: "New Project" }).click();
    const projectDialog = page.getByRole("dialog", { name: "New Project" });
    await projectDialog.getByLabel("Project Name").fill(`Shop Relaunch ${t}`);
    await projectDialog.getByLabel("Description").fill("New storefront and checkout");
    await projectDialog.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByText("Project created successfully")).toBeVisible();

    // And an invoice.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Invoices" }).click();
    await page.getByRole("button", { name: "New Invoice" }).click();
    const invoiceDialog = page.getByRole("dialog", { name: "Create New Invoice" });
    await invoiceDialog.getByLabel("Company").selectOption({ label: customer.company.name });
    await invoiceDialog.getByLabel("Invoice Number").fill(`JRN-${t}`);
    await invoiceDialog.getByLabel("Amount").fill("2500");
    await invoiceDialog.getByLabel("Issue Date").fill("2026-05-01");
    await invoiceDialog.getByRole("button", { name: "Create Invoice" }).click();
    await expect(page.getByText("Invoice created successfully")).toBeVisible();

    // The customer sees both.
    await customer.page.goto("/dashboard/projects");
    await expect(customer.page.getByText(`Shop Relaunch ${t}`)).toBeVisible();
    await expect(customer.page.getByText("New storefront and checkout")).toBeVisible();
    await customer.page.goto("/dashboard/invoices");
    const row = customer.page.getByRole("row").filter({ hasText: `JRN-${t}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText("2,500.00");
    await expect(row).toContainText("Unpaid");
    await customer.context.close();
  });

  test("a ticket status the admin changes moves to that column on the customer's board", async ({ adminPage: page, browser }) => {
    const t = tag();
    const admin = await adminApi(browser);
    const customer = await customerWithCompany(browser, `Board Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `Board ${t}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Move me ${t}` });
    await admin.close();

    const board = customer.page;
    await board.goto("/dashboard/tickets");
    await expect(board.getByRole("region", { name: "Pending" }).getByText(ticket.title)).toBeVisible();

    for (const [value, column] of [
      ["doing", "Doing"],
      ["done", "Done"],
    ] as const) {
      await page.goto("/admin/tickets");
      await page.getByRole("searchbox", { name: "Search tickets" }).fill(ticket.title);
      await expect(page).toHaveURL(/[?&]q=Move/);
      await page.getByRole("link", { name: ticket.title }).click();
      await page.getByRole("form", { name: "Edit ticket" }).getByLabel("Status").selectOption(value);
      await page.getByRole("button", { name: "Update Ticket" }).click();
      await expect(page.getByText("Ticket updated successfully")).toBeVisible();

      await board.reload();
      await expect(board.getByRole("region", { name: column }).getByText(ticket.title)).toBeVisible();
      await expect(board.getByRole("region", { name: "Pending" }).getByText(ticket.title)).toHaveCount(0);
    }
    await expect(board.getByRole("region", { name: "Doing" }).getByText(ticket.title)).toHaveCount(0);
    await customer.context.close();
  });
});
