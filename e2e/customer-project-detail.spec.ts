import { textMessages } from "@/shared/rules/text";
import {
  adminUserId,
  createProject,
  createTicket,
  expectEmptyCommentThread,
  failRequests,
  formatDateInPage,
  formatInstantDateInPage,
  setTicketStatus,
  tag,
  test,
  updateProject,
} from "./support/customer-data";
import { E2E_ADMIN } from "./support/constants";
import { expect } from "./support/fixtures";

test.describe("customer project detail", () => {
  test("shows the project, its tickets and comments, and adds a comment", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Detail Co ${tag()}`, "Dana Detail");
    const { page } = customer;
    const project = await createProject(admin, customer.company.id, {
      name: `Mobile App ${tag()}`,
      description: "iOS and Android apps",
      startDate: "2026-03-01",
    });
    await updateProject(admin, project.id, { assignedTo: await adminUserId(admin) });
    const first = await createTicket(customer.context.request, { projectId: project.id, title: `Login fails ${tag()}`, priority: "high" });
    const second = await createTicket(customer.context.request, { projectId: project.id, title: `Add dark mode ${tag()}`, priority: "low" });
    await setTicketStatus(admin, second.id, "done");

    await page.goto(`/dashboard/projects/${project.slug}`);
    await expect(page.getByRole("heading", { name: project.name })).toBeVisible();
    await expect(page.getByText("iOS and Android apps")).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await expect(page.getByRole("definition").nth(0)).toHaveText(await formatDateInPage(page, "2026-03-01"));
    await expect(page.getByRole("term").nth(1)).toHaveText("End Date");
    await expect(page.getByRole("definition").nth(1)).toHaveText("Not set");
    await expect(page.getByRole("term").nth(2)).toHaveText("Responsible");
    await expect(page.getByRole("definition").nth(2)).toHaveText(E2E_ADMIN.name);

    // The project's tickets, with a count, each linking to its detail.
    await expect(page.getByRole("heading", { name: "Tickets (2)" })).toBeVisible();
    const table = page.getByRole("table", { name: "Project tickets" });
    await expect(table.getByRole("columnheader")).toHaveText(["Title", "Status", "Priority", "Assignee", "Updated", "Comments", "Created"]);
    const firstRow = table.getByRole("row").filter({ hasText: first.title });
    // A new ticket takes the project's assignee, shown as initials named for screen readers.
    await expect(firstRow.getByRole("cell")).toHaveText([
      `#${first.number} ${first.title}`,
      "Pending",
      "High",
      "AA",
      /ago|now/,
      "0",
      await formatInstantDateInPage(page, first.createdAt),
    ]);
    await expect(firstRow.getByRole("img", { name: `Assigned to ${E2E_ADMIN.name}` })).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: second.title }).getByRole("cell")).toHaveText([
      `#${second.number} ${second.title}`,
      "Done",
      "Low",
      "AA",
      /ago|now/,
      "0",
      await formatInstantDateInPage(page, second.createdAt),
    ]);

    // Comments: empty, Send disabled for empty or whitespace text, then one added.
    const { box, send } = await expectEmptyCommentThread(page);
    await box.fill("Can we see a beta build next week?");
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText("Comment added")).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(send).toBeDisabled();
    await expect(page.getByRole("heading", { name: "Comments (1)" })).toBeVisible();
    const comment = page.getByRole("list", { name: "Comments and activity" }).getByRole("article");
    await expect(comment).toHaveCount(1);
    await expect(comment).toContainText("Dana Detail");
    await expect(comment).toContainText("Can we see a beta build next week?");
    await expect(comment.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);

    // Still there after a reload (it was stored, not only shown).
    await page.reload();
    await expect(page.getByRole("list", { name: "Comments and activity" })).toContainText("Can we see a beta build next week?");

    await table.getByRole("link", { name: first.title }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/tickets/${first.id}$`));
    await expect(page.getByRole("heading", { name: first.title })).toBeVisible();
  });

  test("toasts a load failure; shows unset dates, no Responsible and no tickets, by id as well as slug; refuses a comment with a control character and toasts a failed one, keeping the text; and goes back", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Plain Co ${tag()}`);
    const { page } = customer;
    const project = await createProject(admin, customer.company.id, { name: `Plain Project ${tag()}`, status: "on_hold" });

    await failRequests(page, /\/api\/projects\/[^/]+$/, { method: "GET", status: 500 });
    await page.goto(`/dashboard/projects/${project.slug}`);
    await expect(page.getByText("Failed to load project")).toBeVisible({ timeout: 15_000 });
    await page.unrouteAll();

    await page.goto(`/dashboard/projects/${project.id}`);
    await expect(page.getByRole("heading", { name: project.name })).toBeVisible();
    await expect(page.getByText("No description provided")).toBeVisible();
    await expect(page.getByText("On hold", { exact: true })).toBeVisible();
    await expect(page.getByRole("definition")).toHaveText(["Not set", "Not set"]);
    await expect(page.getByText("Responsible")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Tickets (0)" })).toBeVisible();
    await expect(page.getByText("No tickets for this project")).toBeVisible();

    const box = page.getByLabel("Add a comment");
    // A control character (pasted with the text) is refused by the box's own check, the server's
    // rule word for word (text-rules.test.ts holds them equal), so the server's own 400 for it cannot
    // be reached from the form; the text is kept for another try.
    await box.fill("First try\u0007");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("alert").getByText(textMessages.controlCharacter, { exact: true })).toBeVisible();
    await expect(box).toHaveValue("First try\u0007");

    // A failure of the server's (stubbed: a healthy server has no 500 to ask for) toasts and keeps the text.
    await box.fill("Second try");
    await failRequests(page, /\/api\/projects\/[^/]+\/comments$/, { method: "POST", status: 500, times: 1 });
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Failed to add comment")).toBeVisible();
    await expect(page.getByText("No comments yet")).toBeVisible();
    await expect(box).toHaveValue("Second try");

    await page.getByRole("link", { name: "Back to Projects" }).click();
    await expect(page).toHaveURL(/\/dashboard\/projects$/);
  });
});
