import { E2E_ADMIN } from "./support/constants";
import { adminUserId, createProject, createTicket, tag, test, updateProject } from "./support/customer-data";
import { expect } from "./support/fixtures";

test.describe("record activity", () => {
  test("the customer watches an admin's changes arrive on the ticket and project pages, then finds them on the Company page", async ({ admin, newCustomer, browser }) => {
    const t = tag();
    const customer = await newCustomer(`Activity Co ${t}`, "Hana History");
    const { page } = customer;
    const project = await createProject(admin, customer.company.id, { name: `Atlas ${t}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Broken export ${t}` });

    await page.goto(`/dashboard/tickets/${ticket.id}`);
    const timeline = page.getByRole("list", { name: "Comments and activity" });
    await expect(timeline.getByRole("listitem")).toHaveText([/^Hana History created this ticket/]);

    // The admin moves the ticket through the edit form, in a browser of their own.
    const adminContext = await browser.newContext({ storageState: await admin.request.storageState() });
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`/admin/tickets/${ticket.id}`);
    const form = adminPage.getByRole("form", { name: "Edit ticket" });
    await form.getByLabel("Status").selectOption("doing");
    await form.getByRole("button", { name: "Update Ticket" }).click();
    await expect(adminPage.getByText("Ticket updated successfully")).toBeVisible();

    // Live: the customer's page was open all along.
    const line = timeline.getByRole("listitem").filter({ hasText: "changed status" });
    await expect(line).toHaveText(new RegExp(`^${E2E_ADMIN.name} changed status from Pending to Doing(now|\\d+ seconds? ago)$`));
    await expect(line.locator("time")).toHaveAttribute("title", /\d/);
    await adminContext.close();

    const adminId = await adminUserId(admin);
    await page.goto(`/dashboard/projects/${project.slug}`);
    const projectTimeline = page.getByRole("list", { name: "Comments and activity" });
    await expect(projectTimeline.getByRole("listitem")).toHaveCount(1);
    await updateProject(admin, project.id, { assignedTo: adminId });
    await expect(projectTimeline.getByRole("listitem").last()).toContainText(`${E2E_ADMIN.name} changed assignee from none to ${E2E_ADMIN.name}`);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Company" }).click();
    const feed = page.getByRole("list", { name: "Recent activity" });
    await expect(feed.getByRole("listitem")).toHaveCount(4);
    await expect(feed.getByRole("listitem").first()).toContainText(`changed assignee from none to ${E2E_ADMIN.name} · project ${project.name}`);
    await feed.getByRole("link", { name: ticket.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/tickets/${ticket.id}$`));
  });
});
