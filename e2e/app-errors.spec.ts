import type { Page } from "@playwright/test";
import { createProject, createTicket, tag, test, type AdminApi, type CustomerSession } from "./support/customer-data";
import { expect } from "./support/fixtures";

/**
 * When a screen cannot be shown — its code did not load (server down, a new deploy) or it threw
 * while rendering — the app keeps its header and nav and offers "Try again"; a new deploy gets
 * one reload. Never a blank page.
 */

/** A customer on the ticket board with one ticket on it, and that ticket's card. */
async function onBoardWithTicket(admin: AdminApi, customer: CustomerSession) {
  const project = await createProject(admin, customer.company.id, { name: `Site ${tag()}` });
  const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Broken link ${tag()}` });
  await customer.page.goto("/dashboard/tickets");
  const card = customer.page.getByRole("link", { name: new RegExp(ticket.title) });
  await expect(card).toBeVisible();
  return { ticket, card };
}

/** Counts the page's loads from now on (a reload is one). */
function countLoads(page: Page) {
  let loads = 0;
  page.on("load", () => (loads += 1));
  return () => loads;
}

async function expectLayoutKept(page: Page) {
  await expect(page.getByRole("banner").getByRole("link", { name: "Portico" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tickets" })).toBeVisible();
}

/**
 * A deploy: from now on the server's page names another build, and this build's ticket screen
 * is gone (for the first `missingFor` requests of it, or for good).
 */
async function deployNewBuild(page: Page, { missingFor }: { missingFor?: number } = {}) {
  const chunk = "**/assets/ticket-detail-*.js";
  await page.route(chunk, (route) => route.fulfill({ status: 404, body: "Not found" }), { times: missingFor });
  await page.route(
    (url) => url.pathname === "/",
    async (route) => {
      // Only what the app asks for; a navigation (the reload) still gets this build's page.
      if (route.request().resourceType() !== "fetch") return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(/(<script type="module"[^>]*src=")[^"]+/, "$1/assets/index-next-deploy.js");
      await route.fulfill({ response, body: html });
    },
  );
  return { restoreChunk: () => page.unroute(chunk) };
}

const pageNotLoaded = (page: Page) => page.getByRole("alert").filter({ hasText: "This page could not be loaded. Check your connection and try again." });

test.describe("a screen that cannot be shown", () => {
  test("shows the error view inside the layout when the server is gone, and Try again opens the page once it is back", async ({
    admin,
    newCustomer,
  }) => {
    const customer = await newCustomer(`Offline Co ${tag()}`);
    const { page } = customer;
    const { ticket, card } = await onBoardWithTicket(admin, customer);
    const loads = countLoads(page);

    // The server stops: nothing answers any more, the ticket screen's code included.
    await page.route("**/*", (route) => route.abort("connectionrefused"));
    await card.click();
    const alert = pageNotLoaded(page);
    await expect(alert).toBeVisible();
    await expectLayoutKept(page);
    expect(loads(), "no reload onto the browser's own error page").toBe(0);

    await page.unroute("**/*");
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: ticket.title })).toBeVisible();
    expect(loads()).toBe(0);
  });

  test("reloads the page once when a new deploy has replaced the screen's code, and the reloaded page shows it", async ({
    admin,
    newCustomer,
  }) => {
    const customer = await newCustomer(`Deploy Co ${tag()}`);
    const { page } = customer;
    const { ticket, card } = await onBoardWithTicket(admin, customer);
    const loads = countLoads(page);

    await deployNewBuild(page, { missingFor: 1 });
    await card.click();
    await expect(page.getByRole("heading", { name: ticket.title })).toBeVisible();
    expect(loads()).toBe(1);
    await expect(page).toHaveURL(new RegExp(`/dashboard/tickets/${ticket.id}$`));
  });

  test("reloads only once for a deploy when the reload does not bring the screen's code, then shows the error view", async ({
    admin,
    newCustomer,
  }) => {
    const customer = await newCustomer(`Stale Co ${tag()}`);
    const { page } = customer;
    const { ticket, card } = await onBoardWithTicket(admin, customer);
    const loads = countLoads(page);

    // The reloaded page is still this build (a stale cache on the way, say): no reload loop.
    const deploy = await deployNewBuild(page);
    await card.click();
    const alert = pageNotLoaded(page);
    await expect(alert).toBeVisible();
    expect(loads()).toBe(1);
    await expect(page).toHaveURL(new RegExp(`/dashboard/tickets/${ticket.id}$`));
    await expectLayoutKept(page);

    await deploy.restoreChunk();
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: ticket.title })).toBeVisible();
    expect(loads()).toBe(1);
  });

  test("shows the error view inside the layout when a screen throws while rendering, and Try again renders it afresh", async ({
    admin,
    newCustomer,
  }) => {
    const customer = await newCustomer(`Broken Co ${tag()}`);
    const { page } = customer;
    const { ticket } = await onBoardWithTicket(admin, customer);

    // An answer the screen cannot render (fields missing), which the real server never sends.
    const detailUrl = `**/api/tickets/${ticket.id}`;
    await page.route(detailUrl, (route) => route.fulfill({ json: { id: ticket.id } }));
    await page.goto(`/dashboard/tickets/${ticket.id}`);
    const alert = page.getByRole("alert").filter({ hasText: "Something went wrong while showing this page." });
    await expect(alert).toBeVisible();
    await expectLayoutKept(page);

    await page.unroute(detailUrl);
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: ticket.title })).toBeVisible();

    // Another page from the nav works too.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tickets" }).click();
    await expect(page.getByRole("heading", { name: "Tickets", exact: true })).toBeVisible();
  });
});

test.describe("a page that does not exist", () => {
  test("keeps a signed-in customer's header and navigation around the 404, with a way home", async ({ newCustomer }) => {
    const { page } = await newCustomer(`Lost Co ${tag()}`);
    await page.goto("/dashboard/no-such-page");
    await expect(page.getByRole("main").getByRole("heading", { name: "404" })).toBeVisible();
    await expect(page.getByRole("main").getByText("Oops! Page not found")).toBeVisible();
    await expectLayoutKept(page);
    await expect(page.getByRole("banner").getByText("Customer Portal")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("keeps an admin's header and navigation around the 404", async ({ adminPage: page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("main").getByText("Oops! Page not found")).toBeVisible();
    await expectLayoutKept(page);
    await expect(page.getByRole("banner").getByText("Admin Dashboard")).toBeVisible();
  });

  test("shows a signed-out visitor the 404 alone, without the app's header", async ({ anonPage: page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("navigation")).toHaveCount(0);
  });
});
