import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { isoToday } from "./support/admin-data";
import { addComment, createInvoice, createProject, createTicket, setTicketStatus, tag, test } from "./support/customer-data";
import { expect } from "./support/fixtures";
import { sendMessage } from "./support/messages-data";

/*
 * The two overviews (ADR 035) on the real server: their numbers are the server's, checked here
 * against what the test created and against the API's own lists, and every row opens its record.
 */

const countOf = (page: Page, testId: string) => page.getByTestId(testId).getByTestId("count-value");
const section = (page: Page, testId: string) => page.getByTestId(testId);
const sectionCount = (section: Locator) => section.getByTestId("section-count");

async function apiJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test.describe("the customer overview", () => {
  test("counts the company's open tickets and balance as the server does, lists the team's replies and messages and the projects, each linked to its record, and follows a new ticket live", async ({
    newCustomer,
    admin,
  }) => {
    const t = tag();
    const customer = await newCustomer(`Glance ${t}`, "Gina Glance");
    const { page, company } = customer;
    const request = customer.context.request;
    const active = await createProject(admin, company.id, { name: `Live site ${t}`, status: "active" });
    const paused = await createProject(admin, company.id, { name: `Paused app ${t}`, status: "on_hold" });
    const login = await createTicket(request, { projectId: active.id, title: `Login fails ${t}` });
    const slow = await createTicket(request, { projectId: active.id, title: `Slow page ${t}` });
    await createTicket(request, { projectId: paused.id, title: `Typo ${t}` });
    await setTicketStatus(admin, slow.id, "doing");
    await addComment(admin.request, "tickets", login.id, `Fixed the login ${t}`);
    await addComment(request, "tickets", login.id, "Thanks, looks good");
    await sendMessage(admin.request, `Your invoice is ready ${t}`, company.id);
    const overdue = await createInvoice(admin, company.id, { invoiceNumber: `OV-${t}`, amount: "100.00", issueDate: "2026-01-01", dueDate: "2026-01-31" });
    await createInvoice(admin, company.id, { invoiceNumber: `DUE-${t}`, amount: "50.25", issueDate: isoToday(-1), dueDate: isoToday(30) });
    await createInvoice(admin, company.id, { invoiceNumber: `PAID-${t}`, amount: "999.00", issueDate: isoToday(-1), status: "paid" });

    await page.goto("/dashboard/overview");
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
    await expect(page.getByText(`Glance ${t} at a glance.`)).toBeVisible();

    // The numbers are the ones the ticket board and the invoices' balance count.
    const counts = await apiJson<{ pending: number; doing: number }>(request, "/api/tickets/status-counts");
    expect(counts).toMatchObject({ pending: 2, doing: 1 });
    await expect(countOf(page, "tickets-pending")).toHaveText(String(counts.pending));
    await expect(countOf(page, "tickets-doing")).toHaveText(String(counts.doing));
    const balance = await apiJson<{ outstanding: string; overdue: string }>(request, "/api/invoices/balance");
    expect(balance).toMatchObject({ outstanding: "150.25", overdue: "100.00" });
    await expect(countOf(page, "balance-outstanding")).toHaveText("$150.25");
    await expect(countOf(page, "balance-overdue")).toHaveText("$100.00");

    const overdueInvoices = section(page, "overview-overdue");
    await expect(sectionCount(overdueInvoices)).toHaveText("1");
    await expect(overdueInvoices.getByRole("link", { name: new RegExp(`OV-${t}`) })).toHaveAttribute("href", `/dashboard/invoices/${overdue.id}`);
    await expect(overdueInvoices.getByRole("link", { name: /DUE-|PAID-/ })).toHaveCount(0);

    // The team's comment is a reply; the customer's own is not.
    const replies = section(page, "overview-replies");
    await expect(replies.getByRole("listitem")).toHaveCount(1);
    await expect(replies.getByRole("link", { name: new RegExp(`#${login.number} Login fails ${t}`) })).toContainText(`Fixed the login ${t}`);

    const messages = section(page, "overview-messages");
    await expect(sectionCount(messages)).toHaveText("1 unread");
    await expect(messages.getByRole("link", { name: new RegExp(`Your invoice is ready ${t}`) })).toHaveAttribute("href", "/dashboard/messages");

    const projects = section(page, "overview-projects");
    await expect(sectionCount(projects)).toHaveText("2");
    await expect(projects.getByRole("link")).toHaveText([/All projects/, new RegExp(`Live site ${t}.*Active`), new RegExp(`Paused app ${t}.*On hold`)]);

    // A ticket opened elsewhere is counted without a reload (the event stream refreshes the overview).
    await createTicket(request, { projectId: active.id, title: `Another ${t}` });
    await expect(countOf(page, "tickets-pending")).toHaveText("3");

    // Each row opens its record.
    await replies.getByRole("link", { name: new RegExp(`#${login.number} `) }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/tickets/${login.id}$`));
    await page.goBack();
    await overdueInvoices.getByRole("link", { name: new RegExp(`OV-${t}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/invoices/${overdue.id}$`));
    await page.goBack();
    await projects.getByRole("link", { name: new RegExp(`Paused app ${t}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${paused.slug}$`));
    await page.goBack();
    await page.getByTestId("tickets-pending").click();
    await expect(page).toHaveURL(/\/dashboard\/tickets\?status=pending$/);
    // The board marks the column the count was of.
    await expect(page.getByRole("region", { name: "Pending" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("region", { name: "Doing" })).not.toHaveAttribute("aria-current");

    // The Company page, the spec's index, is one click away in the nav.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Company", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Company Profile" })).toBeVisible();
  });

  test("says there is nothing yet for a company without tickets, invoices, replies, messages or projects", async ({ newCustomer }) => {
    const { page } = await newCustomer(`Empty ${tag()}`);
    await page.goto("/dashboard/overview");
    await expect(countOf(page, "tickets-pending")).toHaveText("0");
    await expect(countOf(page, "tickets-doing")).toHaveText("0");
    await expect(countOf(page, "balance-outstanding")).toHaveText("$0.00");
    await expect(page.getByTestId("balance-overdue")).toHaveCount(0);
    await expect(page.getByText("No invoice is overdue.")).toBeVisible();
    await expect(page.getByText("No replies from the team yet.")).toBeVisible();
    await expect(page.getByText("No messages from the team yet.")).toBeVisible();
    await expect(page.getByText("No projects yet.")).toBeVisible();
  });

  test("fits a phone: one column, no wider than the screen", async ({ newCustomer }) => {
    const { page } = await newCustomer(`Phone ${tag()}`);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/dashboard/overview");
    await expect(page.getByText("No projects yet.")).toBeVisible();
    const [replies, messages] = await Promise.all([section(page, "overview-replies").boundingBox(), section(page, "overview-messages").boundingBox()]);
    expect(messages!.y).toBeGreaterThan(replies!.y);
    expect(messages!.x).toBe(replies!.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe("the admin overview", () => {
  test("shows the work queue with counts equal to the server's, each row one click from its record", async ({ adminPage: page, newCustomer, admin }) => {
    const t = tag();
    const customer = await newCustomer(`Queue ${t}`, "Quinn Queue");
    const { company } = customer;
    const request = customer.context.request;
    const project = await createProject(admin, company.id, { name: `Unassigned ${t}`, status: "active" });
    // Unseen by the team: the new tickets' queue holds at least this one.
    await createTicket(request, { projectId: project.id, title: `Question ${t}`, priority: "urgent" });
    await sendMessage(request, `Are you there ${t}?`);
    await sendMessage(request, `Hello again ${t}`);
    // Overdue for decades: first in the queue, which lists the longest overdue first.
    const invoice = await createInvoice(admin, company.id, { invoiceNumber: `LATE-${t}`, amount: "12.34", issueDate: "2001-01-01", dueDate: "2001-01-31" });

    await page.goto("/admin/overview");
    await expect(page.getByRole("banner").getByText("Admin Dashboard")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

    // Tickets by status: what the admin ticket list counts, across every company. Other specs
    // write meanwhile, so both are read again until they agree.
    await expect(async () => {
      const counts = await apiJson<Record<"pending" | "doing" | "done", number>>(admin.request, "/api/tickets/status-counts");
      for (const status of ["pending", "doing", "done"] as const) {
        await expect(countOf(page, `tickets-${status}`)).toHaveText(counts[status].toLocaleString("en-US"), { timeout: 1000 });
      }
    }).toPass();

    // The queue's counts are the server's (which the API tests hold to the database).
    await expect(async () => {
      const queue = await apiJson<Record<"newTickets" | "unreadConversations" | "overdueInvoices" | "unassignedProjects", { total: { count: number } }>>(
        admin.request,
        "/api/overview/work-queue",
      );
      for (const [testId, key] of [
        ["queue-new-tickets", "newTickets"],
        ["queue-unread-conversations", "unreadConversations"],
        ["queue-overdue-invoices", "overdueInvoices"],
        ["queue-unassigned-projects", "unassignedProjects"],
      ] as const) {
        await expect(sectionCount(section(page, testId))).toHaveText(queue[key].total.count.toLocaleString("en-US"), { timeout: 1000 });
      }
    }).toPass();

    // New tickets, most pressing first: the rows are the server's queue in its order (the API tests
    // hold that order to the database: priority, then the longest waiting). Other specs' tickets
    // share the queue, so the page and the API are read again until they agree.
    const newTicketRows = section(page, "queue-new-tickets").getByRole("listitem").getByRole("link");
    await expect(async () => {
      const queue = await apiJson<{ newTickets: { items: { id: string }[] } }>(admin.request, "/api/overview/work-queue");
      const shown = await newTicketRows.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(shown).toEqual(queue.newTickets.items.map((ticket) => `/admin/tickets/${ticket.id}`));
    }).toPass();

    const conversation = section(page, "queue-unread-conversations").getByRole("link", { name: new RegExp(`Queue ${t}`) });
    await expect(conversation).toContainText("2 unread");
    await expect(conversation).toHaveAttribute("href", `/admin/messages?company=${company.id}`);

    const late = section(page, "queue-overdue-invoices").getByRole("link", { name: new RegExp(`LATE-${t}`) });
    await expect(late).toContainText("$12.34");
    await expect(late).toHaveAttribute("href", `/admin/invoices/${invoice.id}`);

    const unassigned = section(page, "queue-unassigned-projects").getByRole("link", { name: new RegExp(`Unassigned ${t}`) });
    await expect(unassigned).toHaveAttribute("href", `/admin/projects/${project.id}`);

    // A customer's new message shows up without a reload.
    await sendMessage(request, `Third ${t}`);
    await expect(conversation).toContainText("3 unread");

    // Each row opens its ticket (whichever is first by now: other specs open theirs meanwhile).
    await newTicketRows.first().click();
    await expect(page).toHaveURL(/\/admin\/tickets\/[0-9a-f-]{36}$/);
    await page.goBack();
    await late.click();
    await expect(page).toHaveURL(new RegExp(`/admin/invoices/${invoice.id}$`));
    await page.goBack();
    await unassigned.click();
    await expect(page).toHaveURL(new RegExp(`/admin/projects/${project.id}$`));
    await page.goBack();
    await page.getByTestId("tickets-doing").click();
    await expect(page).toHaveURL(/\/admin\/tickets\?status=doing$/);
  });
});
