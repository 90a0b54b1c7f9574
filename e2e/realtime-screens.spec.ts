import { createInvoice, createProject, createTicket, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";
import { eventStreamOpened, expectSamePage, markPage } from "./support/messages-data";

test.describe("live customer screens", () => {
  test("a ticket status the admin changes moves on the open customer board", async ({ admin, adminPage, newCustomer }) => {
    const t = tag();
    const customer = await newCustomer(`Live Board Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `Live Board ${t}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Moves live ${t}` });

    const board = customer.page;
    const stream = eventStreamOpened(board);
    await board.goto("/dashboard/tickets");
    const column = (name: string) => board.getByRole("region", { name });
    await expect(column("Pending").getByText(ticket.title)).toBeVisible();
    await stream;
    await markPage(board);

    // The admin changes the status in the admin screen.
    await adminPage.goto(`/admin/tickets/${ticket.id}`);
    await adminPage.getByRole("form", { name: "Edit ticket" }).getByLabel("Status").selectOption("doing");
    await adminPage.getByRole("button", { name: "Update Ticket" }).click();
    await expect(adminPage.getByText("Ticket updated successfully")).toBeVisible();

    await expect(column("Doing").getByText(ticket.title)).toBeVisible();
    await expect(column("Pending").getByText(ticket.title)).toHaveCount(0);
    await expect(column("Doing").getByTestId("column-count")).toHaveText("1");

    await adminPage.getByRole("form", { name: "Edit ticket" }).getByLabel("Status").selectOption("done");
    await adminPage.getByRole("button", { name: "Update Ticket" }).click();
    await expect(column("Done").getByText(ticket.title)).toBeVisible();
    await expect(column("Doing").getByText("No tickets")).toBeVisible();
    await expectSamePage(board);
  });

  test("a project and an invoice the admin creates appear on the open customer screens", async ({ admin, newCustomer }) => {
    const t = tag();
    const customer = await newCustomer(`Live Lists Co ${t}`);
    const { page } = customer;

    const stream = eventStreamOpened(page);
    await page.goto("/dashboard/projects");
    await expect(page.getByText("No Projects Yet")).toBeVisible();
    await stream;
    await markPage(page);

    const project = await createProject(admin, customer.company.id, { name: `Live Project ${t}`, description: "Appears by itself" });
    await expect(page.getByText(project.name)).toBeVisible();
    await expect(page.getByText("Appears by itself")).toBeVisible();
    await expect(page.getByText("No Projects Yet")).toHaveCount(0);

    // In-app navigation keeps the same stream.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Invoices" }).click();
    await expect(page.getByText("No Invoices Yet")).toBeVisible();
    await createInvoice(admin, customer.company.id, { invoiceNumber: `LIVE-${t}`, amount: "99.5", issueDate: "2026-02-01" });
    const row = page.getByRole("row").filter({ hasText: `LIVE-${t}` });
    await expect(row).toContainText("99.50");
    await expect(page.getByText("No Invoices Yet")).toHaveCount(0);
    await expectSamePage(page);
  });
});
