import { randomUUID } from "node:crypto";
import { listUrl } from "./support/admin-data";
import { E2E_ADMIN } from "./support/constants";
import {
  addComment,
  adminApi,
  createProject,
  createTicket,
  customerWithCompany,
  failRequests,
  formatInstantDateInPage,
  tag,
  type AdminApi,
} from "./support/customer-data";
import { expect, test } from "./support/fixtures";

let admin: AdminApi;
test.beforeAll(async ({ browser }) => {
  admin = await adminApi(browser);
});
test.afterAll(async () => {
  await admin.close();
});

test.describe("admin tickets list", () => {
  test("shows title, company, project, status, priority and created date, and searches by title", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Tickets Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `Helpdesk ${t}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Printer jam ${t}`, priority: "high" });
    await createTicket(customer.context.request, { projectId: project.id, title: `Slow page ${t}`, priority: "low" });

    await page.goto("/admin/tickets");
    await expect(page.getByRole("heading", { name: "Tickets", level: 1 })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search tickets" }).fill(`printer jam ${t}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=printer(\\+|%20)jam(\\+|%20)${t}`));
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("columnheader")).toHaveText(["Title", "Company", "Project", "Status", "Priority", "Assignee", "Updated", "Comments", /^Created/]);
    const row = page.getByRole("row").filter({ hasText: ticket.title });
    await expect(row.getByRole("cell")).toHaveText([
      `#${ticket.number} ${ticket.title}`,
      customer.company.name,
      project.name,
      "Pending",
      "High",
      // The assignee is an avatar (named for screen readers), the update time relative.
      "",
      /ago|now/,
      "0",
      await formatInstantDateInPage(page, ticket.createdAt),
    ]);
    await expect(row.getByRole("img", { name: "Unassigned" })).toBeVisible();
    await expect(row.getByRole("img", { name: "0 comments" })).toBeVisible();

    await row.getByRole("link", { name: ticket.title }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/tickets/${ticket.id}$`));
    await customer.context.close();
  });

  test("filters by status, priority and assignee in the URL, and a reload keeps the filters", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Filter Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `Filters ${t}` });
    const urgent = await createTicket(customer.context.request, { projectId: project.id, title: `Outage ${t}`, priority: "urgent" });
    await createTicket(customer.context.request, { projectId: project.id, title: `Typo ${t}`, priority: "low" });

    await page.goto(`/admin/tickets?q=${t}`);
    await expect(page.getByRole("row")).toHaveCount(3);
    const filters = page.getByRole("group", { name: "Filters" });
    await filters.getByLabel("Priority").selectOption("urgent");
    await expect(page).toHaveURL(/[?&]priority=urgent/);
    await expect(page.getByRole("row")).toHaveCount(2);
    await filters.getByLabel("Assignee").selectOption("unassigned");
    await expect(page).toHaveURL(/[?&]assignedTo=unassigned/);

    await page.reload();
    await expect(filters.getByLabel("Priority")).toHaveValue("urgent");
    await expect(filters.getByLabel("Assignee")).toHaveValue("unassigned");
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("row").filter({ hasText: urgent.title })).toBeVisible();

    // A status nothing has yet (with the search on, the list says nothing matches), then Clear
    // filters brings both tickets back.
    await filters.getByLabel("Status").selectOption("done");
    await expect(page).toHaveURL(/[?&]status=done/);
    await expect(page.getByText("No matching tickets")).toBeVisible();
    await filters.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/priority=|status=|assignedTo=/);
    await expect(page.getByRole("row")).toHaveCount(3);
    await customer.context.close();
  });

  test("says 'Error fetching tickets' when the list fails to load", async ({ adminPage: page }) => {
    await failRequests(page, listUrl("tickets"), { method: "GET", status: 500 });
    await page.goto("/admin/tickets");
    await expect(page.getByText("Error fetching tickets")).toBeVisible();
    await expect(page.getByText("Could not load tickets.")).toBeVisible();
  });
});

test.describe("admin ticket detail", () => {
  test("edits title, description, status and priority with 'Update Ticket'", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Edit Tickets Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `Support ${t}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Cannot log in ${t}`, description: "Since Monday" });

    await page.goto(`/admin/tickets/${ticket.id}`);
    await expect(page.getByRole("heading", { name: ticket.title, level: 1 })).toBeVisible();
    await expect(page.getByText(`#${ticket.number} · ${customer.company.name} · ${project.name}`)).toBeVisible();
    const form = page.getByRole("form", { name: "Edit ticket" });
    await expect(form.getByLabel("Title")).toHaveValue(ticket.title);
    await expect(form.getByLabel("Description")).toHaveValue("Since Monday");
    await expect(form.getByLabel("Status").locator("option")).toHaveText(["Pending", "Doing", "Done"]);
    await expect(form.getByLabel("Status")).toHaveValue("pending");
    await expect(form.getByLabel("Priority").locator("option")).toHaveText(["Low", "Medium", "High", "Urgent"]);
    await expect(form.getByLabel("Priority")).toHaveValue("medium");

    await form.getByLabel("Title").fill("   ");
    await form.getByRole("button", { name: "Update Ticket" }).click();
    await expect(form.getByText("Title is required")).toBeVisible();

    await form.getByLabel("Title").fill(`Login fixed? ${t}`);
    await form.getByLabel("Description").fill("Reset the password store");
    await form.getByLabel("Status").selectOption("doing");
    await form.getByLabel("Priority").selectOption("urgent");
    await form.getByRole("button", { name: "Update Ticket" }).click();
    await expect(page.getByText("Ticket updated successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: `Login fixed? ${t}`, level: 1 })).toBeVisible();

    await page.reload();
    await expect(form.getByLabel("Title")).toHaveValue(`Login fixed? ${t}`);
    await expect(form.getByLabel("Description")).toHaveValue("Reset the password store");
    await expect(form.getByLabel("Status")).toHaveValue("doing");
    await expect(form.getByLabel("Priority")).toHaveValue("urgent");
    await customer.context.close();
  });

  test("assigns the ticket to a team member, shown with its number and comment count to the customer", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Assign Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `Assign ${t}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Who has this ${t}` });
    await addComment(customer.context.request, "tickets", ticket.id, `Hello ${t}`);

    await page.goto(`/admin/tickets/${ticket.id}`);
    const form = page.getByRole("form", { name: "Edit ticket" });
    await expect(form.getByLabel("Assignee")).toHaveValue("");
    await form.getByLabel("Assignee").selectOption({ label: `${E2E_ADMIN.name} (${E2E_ADMIN.email})` });
    await form.getByRole("button", { name: "Update Ticket" }).click();
    await expect(page.getByText("Ticket updated successfully")).toBeVisible();
    await page.reload();
    await expect(form.getByLabel("Assignee")).not.toHaveValue("");

    await customer.page.goto(`/dashboard/tickets/${ticket.id}`);
    await expect(customer.page.getByRole("heading", { level: 1 })).toHaveText(`#${ticket.number} ${ticket.title}`);
    await expect(customer.page.getByText(`Handled by ${E2E_ADMIN.name}`)).toBeVisible();
    await expect(customer.page.getByRole("img", { name: "1 comment" })).toBeVisible();
    await customer.page.goto("/dashboard/tickets");
    const card = customer.page.getByRole("link").filter({ hasText: ticket.title });
    await expect(card).toContainText(`#${ticket.number}`);
    await expect(card.getByRole("img", { name: `Assigned to ${E2E_ADMIN.name}` })).toHaveText("AA");
    await expect(card.getByRole("img", { name: "1 comment" })).toBeVisible();
    await customer.context.close();
  });

  test("shows the customer's comments, keeps an internal note to the team, and sends a reply the customer then sees without the note", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Thread Co ${t}`, "Carla Commenter");
    const project = await createProject(admin, customer.company.id, { name: `Thread ${t}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Question ${t}` });
    await addComment(customer.context.request, "tickets", ticket.id, `Any news? ${t}`);

    await page.goto(`/admin/tickets/${ticket.id}`);
    const comments = page.getByRole("list", { name: "Comments and activity" });
    await expect(comments.getByRole("article")).toHaveCount(1);
    await expect(comments.getByText(`Any news? ${t}`)).toBeVisible();
    await expect(comments.getByRole("article", { name: "Comment by Carla Commenter" })).toBeVisible();

    // First a note for the team: marked as such, and the box is an ordinary one again after it.
    const internal = page.getByLabel("Internal note: only the team sees it");
    await internal.check();
    await page.getByLabel("Add a comment").fill(`They are on the old plan ${t}`);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Internal note added")).toBeVisible();
    const note = comments.getByRole("article", { name: "Internal note by Alex Admin" });
    await expect(note).toContainText(`They are on the old plan ${t}`);
    await expect(note.getByText("Internal note", { exact: true })).toBeVisible();
    await expect(internal).not.toBeChecked();

    const send = page.getByRole("button", { name: "Send" });
    await expect(send).toBeDisabled();
    await page.getByLabel("Add a comment").fill("   ");
    await expect(send).toBeDisabled();
    await page.getByLabel("Add a comment").fill(`Working on it ${t}`);
    await send.click();
    await expect(page.getByText("Comment added")).toBeVisible();
    await expect(comments.getByRole("article")).toHaveCount(3);
    await expect(comments.getByRole("article").nth(2)).toContainText("Alex Admin");
    await expect(page.getByLabel("Add a comment")).toHaveValue("");
    // The team's reply says so; the customer's comment does not.
    await expect(comments.getByRole("article").nth(2).getByTestId("team-badge")).toHaveText("Team");
    await expect(comments.getByRole("article").nth(0).getByTestId("team-badge")).toHaveCount(0);

    // The reply, written after the note, is the signal that the customer's thread is complete.
    await customer.page.goto(`/dashboard/tickets/${ticket.id}`);
    await expect(customer.page.getByText(`Working on it ${t}`)).toBeVisible();
    const customerThread = customer.page.getByRole("list", { name: "Comments and activity" });
    await expect(customerThread.getByRole("article")).toHaveCount(2);
    await expect(customer.page.getByText(`They are on the old plan ${t}`)).toHaveCount(0);
    await expect(customer.page.getByText("Internal note")).toHaveCount(0);
    await expect(customer.page.getByLabel("Internal note: only the team sees it")).toHaveCount(0);
    const reply = customer.page.getByRole("article", { name: "Comment by Alex Admin, from the team" });
    await expect(reply.getByTestId("team-badge")).toHaveText("Team");
    await expect(customer.page.getByRole("article", { name: "Comment by Carla Commenter" }).getByTestId("team-badge")).toHaveCount(0);
    await customer.context.close();
  });

  test("leads with the conversation at 1440×900: the newest of six comments and the reply box in view without scrolling the page, and 'Reply and mark Done' closes the ticket in one action", async ({ adminPage: page, browser }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const t = tag();
    const customer = await customerWithCompany(browser, `Long Thread ${t}`, "Lena Long");
    const project = await createProject(admin, customer.company.id, { name: `Long ${t}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Six comments ${t}`, description: `The export stops halfway ${t}` });
    for (let n = 1; n <= 6; n++) {
      await addComment(customer.context.request, "tickets", ticket.id, `Comment ${n} ${t}\nStill happening this morning.\nAttached the log again.\nAny news?`);
    }
    await customer.context.close();

    await page.goto(`/admin/tickets/${ticket.id}`);
    const thread = page.getByRole("list", { name: "Comments and activity" });
    const newest = thread.getByRole("article").filter({ hasText: `Comment 6 ${t}` });
    await expect(newest).toBeInViewport();
    await expect(page.getByLabel("Add a comment")).toBeInViewport();
    await expect(page.getByRole("button", { name: "Send" })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The thread scrolls within itself, opened at the newest: its start, the description, is above.
    const opening = page.getByRole("region", { name: "Opened by Lena Long" });
    await expect(opening).toContainText(`The export stops halfway ${t}`);
    await expect(opening).not.toBeInViewport();
    // Its name is not "Description", the edit form's field's: that label still finds one control.
    await expect(page.getByLabel("Description")).toHaveCount(1);
    // The properties and the 'Update Ticket' form sit beside it.
    await expect(page.getByRole("button", { name: "Update Ticket" })).toBeVisible();

    await page.getByLabel("Add a comment").fill(`Fixed in today's release ${t}`);
    await page.getByRole("button", { name: "Reply and mark Done" }).click();
    await expect(page.getByText("Ticket marked Done")).toBeVisible();
    await expect(thread.getByRole("article").filter({ hasText: `Fixed in today's release ${t}` })).toBeInViewport();
    const status = await admin.request.get(`/api/tickets/${ticket.id}`);
    expect(((await status.json()) as { status: string }).status).toBe("done");
    // A done ticket has nothing left to close.
    await expect(page.getByRole("button", { name: "Reply and mark Done" })).toHaveCount(0);
  });

  test("says 'Error fetching ticket' for a ticket that does not exist, and 'Error updating ticket' when the server refuses", async ({ adminPage: page, browser }) => {
    await page.goto(`/admin/tickets/${randomUUID()}`);
    await expect(page.getByText("Error fetching ticket")).toBeVisible();
    await expect(page.getByText("Ticket not found")).toBeVisible();

    const t = tag();
    const customer = await customerWithCompany(browser, `Refusing Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `Refusing ${t}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Refused ${t}` });
    await failRequests(page, new RegExp(`/api/tickets/${ticket.id}$`), { method: "PATCH", status: 500 });

    await page.goto(`/admin/tickets/${ticket.id}`);
    await page.getByRole("form", { name: "Edit ticket" }).getByLabel("Status").selectOption("done");
    await page.getByRole("button", { name: "Update Ticket" }).click();
    await expect(page.getByText("Error updating ticket")).toBeVisible();
    await customer.context.close();
  });
});
