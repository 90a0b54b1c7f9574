import { addComment, createProject, createTicket, failRequests, setTicketStatus, tag, test } from "./support/customer-data";
import { E2E_ADMIN } from "./support/constants";
import { expect } from "./support/fixtures";

test.describe("customer ticket detail", () => {
  test("shows the ticket and its comments, and adds a comment", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Ticket Co ${tag()}`, "Terry Ticket");
    const { page } = customer;
    const project = await createProject(admin, customer.company.id, { name: `Intranet ${tag()}` });
    const ticket = await createTicket(customer.context.request, {
      projectId: project.id,
      title: `Search is slow ${tag()}`,
      description: "Takes 10 seconds\nfor every query",
      priority: "high",
    });
    await setTicketStatus(admin, ticket.id, "doing");
    await addComment(admin.request, "tickets", ticket.id, "Looking into it now.");

    await page.goto(`/dashboard/tickets/${ticket.id}`);
    await expect(page.getByRole("heading", { name: ticket.title })).toBeVisible();
    // Its number, who handles it (nobody yet), and its comment count, in the header.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${ticket.number} ${ticket.title}`);
    await expect(page.getByText("Not assigned yet")).toBeVisible();
    await expect(page.getByRole("img", { name: "1 comment" })).toBeVisible();
    await expect(page.getByRole("link", { name: project.name })).toHaveAttribute("href", `/dashboard/projects/${project.slug}`);
    await expect(page.getByText("Doing", { exact: true })).toBeVisible();
    await expect(page.getByText("High", { exact: true })).toBeVisible();
    await expect(page.getByText("Takes 10 seconds")).toBeVisible();

    await expect(page.getByRole("heading", { name: "Comments (1)" })).toBeVisible();
    const comments = page.getByRole("list", { name: "Comments and activity" }).getByRole("article");
    await expect(comments).toHaveCount(1);
    await expect(comments.first()).toContainText(E2E_ADMIN.name);
    await expect(comments.first()).toContainText("Looking into it now.");
    // The team's reply is marked as the team's.
    await expect(comments.first().getByTestId("team-badge")).toHaveText("Team");

    const box = page.getByLabel("Add a comment");
    const send = page.getByRole("button", { name: "Send" });
    await expect(send).toBeDisabled();
    await box.fill("  ");
    await expect(send).toBeDisabled();
    await box.fill("Thanks! It is worst on Mondays.");
    await send.click();
    await expect(page.getByText("Comment added")).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(page.getByRole("heading", { name: "Comments (2)" })).toBeVisible();
    // Oldest first.
    await expect(comments.nth(1)).toContainText("Terry Ticket");
    await expect(comments.nth(1)).toContainText("Thanks! It is worst on Mondays.");
    await expect(comments.nth(1).getByTestId("team-badge")).toHaveCount(0);
    await expect(page.getByRole("img", { name: "2 comments" })).toBeVisible();

    // Ctrl+Enter sends from the keyboard too.
    await box.fill("One more detail.");
    await box.press("Control+Enter");
    await expect(page.getByRole("heading", { name: "Comments (3)" })).toBeVisible();

    await page.getByRole("link", { name: "Back to Tickets" }).click();
    await expect(page).toHaveURL(/\/dashboard\/tickets$/);
  });

  test("toasts a load failure, shows 'No description provided' and the empty comment list, and toasts a failed comment", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Shaky Co ${tag()}`);
    const { page } = customer;
    const project = await createProject(admin, customer.company.id, { name: `Shaky ${tag()}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Shaky ticket ${tag()}` });

    await failRequests(page, `**/api/tickets/${ticket.id}`, { method: "GET", status: 503 });
    await page.goto(`/dashboard/tickets/${ticket.id}`);
    await expect(page.getByText("Failed to load ticket")).toBeVisible({ timeout: 15_000 });
    await page.unrouteAll();

    await page.goto(`/dashboard/tickets/${ticket.id}`);
    await expect(page.getByRole("heading", { name: ticket.title })).toBeVisible();
    await expect(page.getByText("No description provided")).toBeVisible();
    await expect(page.getByText("Pending", { exact: true })).toBeVisible();
    await expect(page.getByText("Medium", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Comments (0)" })).toBeVisible();
    await expect(page.getByText("No comments yet")).toBeVisible();
    await failRequests(page, `**/api/tickets/${ticket.id}/comments`, { method: "POST", status: 500, times: 1 });
    await page.getByLabel("Add a comment").fill("Hello?");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Failed to add comment")).toBeVisible();
    await expect(page.getByText("No comments yet")).toBeVisible();
  });
});
