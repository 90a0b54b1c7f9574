import type { Page } from "@playwright/test";
import { addComment, createProject, createTicket, failRequests, setTicketStatus, tag, test, type AdminApi } from "./support/customer-data";
import { expect } from "./support/fixtures";

const column = (page: Page, name: "Pending" | "Doing" | "Done") => page.getByRole("region", { name });

/** `count` tickets in a project, opened by the admin (whose posts are not rate-limited), ten at a time. */
async function openTickets(admin: AdminApi, projectId: string, count: number) {
  for (let opened = 0; opened < count; opened += 10) {
    const batch = Array.from({ length: Math.min(10, count - opened) }, (_, k) => `Old ticket ${opened + k + 1}`);
    await Promise.all(batch.map((title) => createTicket(admin.request, { projectId, title })));
  }
}

test.describe("customer tickets board", () => {
  test("creates a ticket through the dialog and shows it on the board by status", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Board Co ${tag()}`, "Bo Board");
    const { page } = customer;
    const website = await createProject(admin, customer.company.id, { name: `Website ${tag()}` });
    const app = await createProject(admin, customer.company.id, { name: `App ${tag()}` });

    await page.goto("/dashboard/tickets");
    await expect(page.getByRole("heading", { name: "Tickets", exact: true })).toBeVisible();
    for (const name of ["Pending", "Doing", "Done"] as const) {
      await expect(column(page, name).getByRole("heading", { name })).toBeVisible();
      await expect(column(page, name).getByTestId("column-count")).toHaveText("0");
      await expect(column(page, name).getByText("No tickets")).toBeVisible();
    }

    // The dialog: its title, the company's projects, priority defaulting to medium, validation.
    const newTicket = page.getByRole("button", { name: "New Ticket" });
    await newTicket.click();
    const dialog = page.getByRole("dialog", { name: "Create New Ticket" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Priority")).toHaveValue("medium");
    await expect(dialog.getByLabel("Project").locator("option")).toHaveText(["Select a project", app.name, website.name]);
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await expect(dialog.getByText("Choose a project")).toBeVisible();
    await expect(dialog.getByText("Title is required")).toBeVisible();

    // Escape closes it and gives focus back to the button (keyboard users).
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(newTicket).toBeFocused();

    const title = `Contact form broken ${tag()}`;
    await newTicket.click();
    await dialog.getByLabel("Project").selectOption({ label: website.name });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Nothing happens on submit");
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await expect(page.getByText("Ticket created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    const pending = column(page, "Pending");
    await expect(pending.getByTestId("column-count")).toHaveText("1");
    const card = pending.getByRole("link").filter({ hasText: title });
    await expect(card).toContainText("Medium");
    await expect(card).toContainText(website.name);
    await expect(column(page, "Doing").getByText("No tickets")).toBeVisible();

    // Tickets the team moved show in their columns with the counts.
    const doing = await createTicket(customer.context.request, { projectId: app.id, title: `Push alerts ${tag()}`, priority: "high" });
    const done = await createTicket(customer.context.request, { projectId: app.id, title: `Splash screen ${tag()}`, priority: "urgent" });
    const done2 = await createTicket(customer.context.request, { projectId: website.id, title: `Favicon ${tag()}`, priority: "low" });
    await setTicketStatus(admin, doing.id, "doing");
    await setTicketStatus(admin, done.id, "done");
    await setTicketStatus(admin, done2.id, "done");
    await page.reload();
    await expect(column(page, "Pending").getByTestId("column-count")).toHaveText("1");
    await expect(column(page, "Doing").getByTestId("column-count")).toHaveText("1");
    await expect(column(page, "Done").getByTestId("column-count")).toHaveText("2");
    await expect(column(page, "Doing").getByRole("link", { name: new RegExp(doing.title) })).toContainText("High");
    await expect(column(page, "Done").getByRole("link")).toHaveCount(2);
    await expect(column(page, "Done").getByText("No tickets")).toHaveCount(0);

    const created = pending.getByRole("link").filter({ hasText: title });
    const href = await created.getAttribute("href");
    expect(href).toMatch(/^\/dashboard\/tickets\/[0-9a-f-]{36}$/);
    await created.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  });

  test("searches the board by title or #number, kept in the URL; a card shows its number, update time and comment count", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Search Co ${tag()}`);
    const { page } = customer;
    const project = await createProject(admin, customer.company.id, { name: `Searchable ${tag()}` });
    const invoiceBug = await createTicket(customer.context.request, { projectId: project.id, title: "Invoice total is wrong" });
    const login = await createTicket(customer.context.request, { projectId: project.id, title: "Login takes ages" });
    await addComment(customer.context.request, "tickets", login.id, "Still slow");
    await addComment(admin.request, "tickets", login.id, "Looking into it");

    await page.goto("/dashboard/tickets");
    const pending = column(page, "Pending");
    await expect(pending.getByRole("link")).toHaveCount(2);
    const card = pending.getByRole("link").filter({ hasText: login.title });
    await expect(card).toContainText(`#${login.number} ${login.title}`);
    await expect(card.getByRole("img", { name: "2 comments" })).toHaveText("2");
    await expect(card.getByRole("img", { name: "Unassigned" })).toBeVisible();
    await expect(card.locator("time")).toHaveAttribute("datetime", login.updatedAt);

    const search = page.getByRole("searchbox", { name: "Search tickets" });
    await search.fill("invoice");
    await expect(page).toHaveURL(/[?&]q=invoice/);
    await expect(pending.getByRole("link")).toHaveCount(1);
    await expect(pending.getByTestId("column-count")).toHaveText("1");
    await expect(pending.getByRole("link")).toContainText(invoiceBug.title);

    await search.fill(`#${login.number}`);
    await expect(pending.getByRole("link")).toHaveCount(1);
    await expect(pending.getByRole("link")).toContainText(login.title);
    await page.reload();
    await expect(search).toHaveValue(`#${login.number}`);
    await expect(pending.getByRole("link")).toHaveCount(1);
    await expect(pending.getByRole("link")).toContainText(login.title);
  });

  test("the dialog is modal: focus starts and stays inside, the page behind holds still, a press outside or Close closes it; a failed creation toasts and keeps it open", async ({
    admin,
    newCustomer,
  }) => {
    const customer = await newCustomer(`Modal Co ${tag()}`);
    const { page } = customer;
    const project = await createProject(admin, customer.company.id, { name: `Only Project ${tag()}` });

    await page.goto("/dashboard/tickets");
    const newTicket = page.getByRole("button", { name: "New Ticket" });
    await expect(newTicket).toHaveAttribute("aria-haspopup", "dialog");
    await expect(newTicket).toHaveAttribute("aria-expanded", "false");
    await newTicket.click();
    const dialog = page.getByRole("dialog", { name: "Create New Ticket" });
    await expect(dialog).toBeVisible();
    // Focus goes to the first control; Tab from the last one (Close) comes back round to it.
    await expect(dialog.getByLabel("Project")).toBeFocused();
    await dialog.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Project")).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    // The page behind does not scroll while the dialog is open.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

    // A press on the backdrop closes it; so does Close, and focus returns to the button each time.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(newTicket).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
    await newTicket.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(newTicket).toBeFocused();

    // The server fails the creation: a toast, and the dialog keeps what was typed.
    await failRequests(page, "**/api/tickets", { method: "POST", status: 500 });
    await newTicket.click();
    // The only project is chosen already.
    await expect(dialog.getByLabel("Project")).toHaveValue(project.id);
    await dialog.getByLabel("Title").fill("Will not work");
    await dialog.getByRole("button", { name: "Create Ticket" }).click();
    await expect(page.getByText("Failed to create ticket")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveValue("Will not work");
    // The board behind the modal is hidden from assistive tech until the dialog closes.
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(column(page, "Pending").getByTestId("column-count")).toHaveText("0");
  });

  test("a dialog opened while the projects still load shows their spinner, then the form with focus on Project", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Slow Co ${tag()}`);
    const { page } = customer;
    await createProject(admin, customer.company.id, { name: `Slow Project ${tag()}` });
    // The project list is held until the dialog is open (a slow server).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/projects\?/, async (route) => {
      await released;
      await route.continue();
    });

    await page.goto("/dashboard/tickets");
    await page.getByRole("button", { name: "New Ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Ticket" });
    await expect(dialog.getByRole("status")).toHaveText("Loading projects");
    release();
    await expect(dialog.getByLabel("Project")).toBeFocused();
  });

  test("a company without a project is sent to the chat instead of a form it cannot submit", async ({ newCustomer }) => {
    const { page } = await newCustomer(`No Project Co ${tag()}`);
    await page.goto("/dashboard/tickets");
    await page.getByRole("button", { name: "New Ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Ticket" });
    await expect(dialog).toContainText("There are no projects yet to open a ticket for. Ask the team in the chat instead");
    await expect(dialog.getByRole("button", { name: "Create Ticket" })).toHaveCount(0);
    await dialog.getByRole("link", { name: "Open chat" }).click();
    await expect(page).toHaveURL(/\/dashboard\/messages$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("counts every ticket of a long history in its column and loads more as the column scrolls or on Show more", async ({ admin, newCustomer }) => {
    test.setTimeout(180_000); // paces: nothing, the time limit of a long test
    const customer = await newCustomer(`History Co ${tag()}`);
    const { page } = customer;
    const project = await createProject(admin, customer.company.id, { name: `Legacy ${tag()}` });
    await openTickets(admin, project.id, 1001);
    const fixed = await createTicket(customer.context.request, { projectId: project.id, title: `Recent fix ${tag()}` });
    await setTicketStatus(admin, fixed.id, "done");

    await page.goto("/dashboard/tickets");
    const pending = column(page, "Pending");
    await expect(pending.getByTestId("column-count")).toHaveText("1,001");
    await expect(column(page, "Doing").getByTestId("column-count")).toHaveText("0");
    await expect(column(page, "Done").getByTestId("column-count")).toHaveText("1");
    await expect(column(page, "Done").getByRole("link")).toHaveCount(1);

    // A page at a time: scrolling the column to its last card brings the next page…
    const cards = pending.getByRole("link");
    await expect(cards).toHaveCount(50);
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(100);
    // …and so does asking for it. The click scrolls the column's end into view, which may load one
    // more page by itself once the asked-for page is in (components/load-more.tsx): at least 150.
    await pending.getByRole("button", { name: "Show more" }).click();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(150);
    // Only the long history is pending: the fixed ticket stays in Done.
    await expect(cards.filter({ hasNotText: "Old ticket" })).toHaveCount(0);
  });

  test("a card's time since its last update moves on while the board stays open", async ({ admin, newCustomer }) => {
    const customer = await newCustomer(`Clock Co ${tag()}`, "Cleo Clock");
    const { page } = customer;
    const project = await createProject(admin, customer.company.id, { name: `Clock ${tag()}` });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Ticking ${tag()}` });
    // The page's clock starts at the real time and runs; fastForward jumps it and fires the timers due.
    await page.clock.install();
    await page.goto("/dashboard/tickets");
    const updated = column(page, "Pending").getByRole("link").filter({ hasText: ticket.title }).locator(`time[datetime="${ticket.updatedAt}"]`);
    await expect(updated).toHaveText(/^(now|\d+ seconds? ago)$/);
    await page.clock.fastForward("02:00");
    await expect(updated).toHaveText("2 minutes ago");
    await page.clock.fastForward("01:00:00");
    await expect(updated).toHaveText("1 hour ago");
  });
});
