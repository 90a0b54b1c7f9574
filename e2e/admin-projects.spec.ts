import { E2E_ADMIN } from "./support/constants";
import { listUrl } from "./support/admin-data";
import {
  adminApi,
  adminUserId,
  createProject,
  createTicket,
  expectEmptyCommentThread,
  customerWithCompany,
  failRequests,
  formatDateInPage,
  formatInstantDateInPage,
  tag,
  updateProject,
  type AdminApi,
} from "./support/customer-data";
import { expect, test } from "./support/fixtures";
import { eventStreamOpened, expectSamePage, markPage } from "./support/messages-data";

let admin: AdminApi;
test.beforeAll(async ({ browser }) => {
  admin = await adminApi(browser);
});
test.afterAll(async () => {
  await admin.close();
});

const adminOption = `${E2E_ADMIN.name} (${E2E_ADMIN.email})`;

test.describe("admin projects list", () => {
  test("shows name (linking by id), company, status, start date and created date, and searches", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Projects Co ${t}`);
    const started = await createProject(admin, customer.company.id, { name: `Website ${t}`, startDate: "2026-03-01" });
    const held = await createProject(admin, customer.company.id, { name: `Mobile App ${t}`, status: "on_hold" });

    await page.goto("/admin/projects");
    await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search projects" }).fill(t);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${t}`));
    await expect(page.getByRole("row")).toHaveCount(3);
    await expect(page.getByRole("columnheader")).toHaveText(["Project Name", "Company", "Status", "Assignee", "Start Date", /^Created/]);

    const row = page.getByRole("row").filter({ hasText: started.name });
    await expect(row.getByRole("cell")).toHaveText([
      started.name,
      customer.company.name,
      "Active",
      "Unassigned",
      await formatDateInPage(page, "2026-03-01"),
      await formatInstantDateInPage(page, started.createdAt),
    ]);
    await expect(page.getByRole("row").filter({ hasText: held.name }).getByRole("cell").nth(2)).toHaveText("On hold");
    await expect(page.getByRole("row").filter({ hasText: held.name }).getByRole("cell").nth(4)).toHaveText("N/A");
    // Newest first by default; the Created header flips the order.
    await expect(page.getByRole("row").nth(1)).toContainText(held.name);
    await page.getByRole("button", { name: /Created/ }).click();
    await expect(page).toHaveURL(/[?&]sort=asc/);
    await expect(page.getByRole("row").nth(1)).toContainText(started.name);

    await row.getByRole("link", { name: started.name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/projects/${started.id}$`));
    await expect(page.getByRole("heading", { name: started.name, level: 1 })).toBeVisible();
    await customer.context.close();
  });

});

test.describe("admin project detail", () => {
  test("edits every field, assigns a team member and unassigns again", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Edit Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `Editable ${t}`, description: "First draft" });

    await page.goto(`/admin/projects/${project.id}`);
    const form = page.getByRole("form", { name: "Edit project" });
    await expect(form.getByLabel("Project Name")).toHaveValue(project.name);
    await expect(form.getByLabel("Description")).toHaveValue("First draft");
    await expect(form.getByLabel("Status")).toHaveValue("active");
    await expect(form.getByLabel("Status").locator("option")).toHaveText(["Active", "On hold", "Completed"]);
    const assignee = form.getByLabel("Assigned To");
    await expect(assignee.locator("option").first()).toHaveText("Unassigned");
    await expect(assignee.locator("option", { hasText: adminOption })).toHaveCount(1);
    await expect(assignee).toHaveValue("");

    await form.getByLabel("Project Name").fill(`Edited ${t}`);
    await form.getByLabel("Description").fill("Second draft");
    await form.getByLabel("Status").selectOption("on_hold");
    await assignee.selectOption({ label: adminOption });
    await form.getByLabel("Start Date").fill("2026-05-01");
    await form.getByLabel("End Date").fill("2026-04-01");
    await form.getByRole("button", { name: "Update Project" }).click();
    await expect(form.getByText("End date cannot be before the start date")).toBeVisible();

    await form.getByLabel("End Date").fill("2026-06-30");
    await form.getByRole("button", { name: "Update Project" }).click();
    await expect(page.getByText("Project updated successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: `Edited ${t}`, level: 1 })).toBeVisible();
    await expect(page.getByText(`Responsible: ${E2E_ADMIN.name}`)).toBeVisible();

    // The slug stays as created, so the old link still works after the rename.
    await page.goto(`/admin/projects/${project.slug}`);
    await expect(form.getByLabel("Project Name")).toHaveValue(`Edited ${t}`);
    await expect(form.getByLabel("Description")).toHaveValue("Second draft");
    await expect(form.getByLabel("Status")).toHaveValue("on_hold");
    await expect(assignee.locator("option:checked")).toHaveText(adminOption);
    await expect(form.getByLabel("Start Date")).toHaveValue("2026-05-01");
    await expect(form.getByLabel("End Date")).toHaveValue("2026-06-30");

    await assignee.selectOption({ label: "Unassigned" });
    await form.getByLabel("End Date").fill("");
    await form.getByRole("button", { name: "Update Project" }).click();
    await expect(page.getByText("Project updated successfully")).toBeVisible();
    const saved = await (await admin.request.get(`/api/projects/${project.id}`)).json();
    expect(saved).toMatchObject({ name: `Edited ${t}`, status: "on_hold", assignee: null, startDate: "2026-05-01", endDate: null });
    await customer.context.close();
  });

  test("filters by status and assignee in the URL, and a reload keeps them", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Project Filter Co ${t}`);
    const assigned = await createProject(admin, customer.company.id, { name: `Assigned ${t}` });
    await createProject(admin, customer.company.id, { name: `Paused ${t}`, status: "on_hold" });
    await updateProject(admin, assigned.id, { assignedTo: await adminUserId(admin) });

    await page.goto(`/admin/projects?q=${t}`);
    await expect(page.getByRole("row")).toHaveCount(3);
    const filters = page.getByRole("group", { name: "Filters" });
    await filters.getByLabel("Status").selectOption("on_hold");
    await expect(page).toHaveURL(/[?&]status=on_hold/);
    await expect(page.getByRole("row")).toHaveCount(2);
    await filters.getByLabel("Status").selectOption("");
    await filters.getByLabel("Assignee").selectOption({ label: E2E_ADMIN.name });
    await expect(page).toHaveURL(/[?&]assignedTo=/);
    await page.reload();
    await expect(filters.getByLabel("Assignee")).not.toHaveValue("");
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("row").filter({ hasText: assigned.name })).toContainText(E2E_ADMIN.name);
    await customer.context.close();
  });

  test("lists the project's tickets with status and priority, linking to the ticket", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Ticketed Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `With Tickets ${t}` });
    const empty = await createProject(admin, customer.company.id, { name: `Without Tickets ${t}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Broken login ${t}`, priority: "urgent" });

    await page.goto(`/admin/projects/${empty.slug}`);
    await expect(page.getByText("No tickets for this project")).toBeVisible();

    await page.goto(`/admin/projects/${project.slug}`);
    const row = page.getByRole("row").filter({ hasText: ticket.title });
    await expect(row.getByRole("cell")).toHaveText([
      `#${ticket.number} ${ticket.title}`,
      "Pending",
      "Urgent",
      "",
      /ago|now/,
      "0",
      await formatInstantDateInPage(page, ticket.createdAt),
    ]);
    await row.getByRole("link", { name: ticket.title }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/tickets/${ticket.id}$`));
    await customer.context.close();
  });

  test("shows the customer's project comments and answers them, live on both pages", async ({ adminPage: page, browser }) => {
    const t = tag();
    const customer = await customerWithCompany(browser, `Commenting Co ${t}`, "Cody Customer");
    const project = await createProject(admin, customer.company.id, { name: `Discussed ${t}` });

    const adminStream = eventStreamOpened(page);
    await page.goto(`/admin/projects/${project.id}`);
    const { box, send } = await expectEmptyCommentThread(page);
    await adminStream;

    const customerPage = customer.page;
    const customerStream = eventStreamOpened(customerPage);
    await customerPage.goto(`/dashboard/projects/${project.slug}`);
    await expect(customerPage.getByRole("heading", { name: "Comments (0)" })).toBeVisible();
    await customerStream;
    await markPage(page);
    await markPage(customerPage);

    // Customer -> admin: the comment appears on the admin's open page.
    await customerPage.getByLabel("Add a comment").fill(`When is the launch? ${t}`);
    await customerPage.getByRole("button", { name: "Send" }).click();
    await expect(customerPage.getByText("Comment added")).toBeVisible();
    const adminThread = page.getByRole("list", { name: "Comments and activity" }).getByRole("article");
    await expect(page.getByRole("heading", { name: "Comments (1)" })).toBeVisible();
    await expect(adminThread).toHaveCount(1);
    await expect(adminThread).toContainText("Cody Customer");
    await expect(adminThread).toContainText(`When is the launch? ${t}`);

    // Admin -> customer: the reply appears on the customer's open page.
    await box.fill(`Next Monday ${t}`);
    await send.click();
    await expect(page.getByText("Comment added")).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(page.getByRole("heading", { name: "Comments (2)" })).toBeVisible();
    const customerThread = customerPage.getByRole("list", { name: "Comments and activity" }).getByRole("article");
    await expect(customerPage.getByRole("heading", { name: "Comments (2)" })).toBeVisible();
    await expect(customerThread.nth(1)).toContainText(E2E_ADMIN.name);
    await expect(customerThread.nth(1)).toContainText(`Next Monday ${t}`);

    await expectSamePage(page);
    await expectSamePage(customerPage);
    await customer.context.close();
  });

  test("says 'Error fetching project' for a project that does not exist, and 'Error fetching team members', 'Error fetching tickets' and 'Error updating project' on failures", async ({
    adminPage: page,
    browser,
  }) => {
    await page.goto(`/admin/projects/no-such-project-${tag()}`);
    await expect(page.getByText("Error fetching project")).toBeVisible();
    await expect(page.getByText("Project not found")).toBeVisible();

    const t = tag();
    const customer = await customerWithCompany(browser, `Failing Co ${t}`);
    const project = await createProject(admin, customer.company.id, { name: `Failing ${t}` });
    await failRequests(page, /\/api\/team$/, { method: "GET", status: 500 });
    await failRequests(page, listUrl("tickets"), { method: "GET", status: 500 });
    await failRequests(page, new RegExp(`/api/projects/${project.id}$`), { method: "PATCH", status: 500, detail: "Database unavailable" });

    await page.goto(`/admin/projects/${project.slug}`);
    await expect(page.getByText("Error fetching team members")).toBeVisible();
    await expect(page.getByText("Error fetching tickets")).toBeVisible();
    await expect(page.getByText("Could not load tickets.")).toBeVisible();
    // The form still works without the team list: Unassigned stays available.
    const form = page.getByRole("form", { name: "Edit project" });
    await expect(form.getByLabel("Assigned To").locator("option")).toHaveText(["Unassigned"]);
    await form.getByLabel("Description").fill("Will not be saved");
    await form.getByRole("button", { name: "Update Project" }).click();
    await expect(page.getByText("Error updating project")).toBeVisible();
    await customer.context.close();
  });
});
