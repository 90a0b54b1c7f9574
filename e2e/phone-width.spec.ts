import type { Locator, Page } from "@playwright/test";
import { E2E_ADMIN } from "./support/constants";
import { addComment, createInvoice, createProject, createTicket, tag, test } from "./support/customer-data";
import { expect, newClientContext, signInThroughApi } from "./support/fixtures";
import { sendMessage } from "./support/messages-data";

/** The narrowest phone the app is laid out for. */
const PHONE = { width: 360, height: 740 };

interface Screen {
  path: string;
  /** Visible once the screen shows its data: only then is its width final. */
  ready: (page: Page) => Locator;
}

/** How much wider than the window each screen lays out; none should. */
async function overflowOf(page: Page, screens: Screen[]) {
  const overflowing: Array<{ path: string; scrollWidth: number; innerWidth: number }> = [];
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(screen.ready(page).first(), screen.path).toBeVisible();
    const width = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    if (width.scrollWidth > width.innerWidth) overflowing.push({ path: screen.path, ...width });
  }
  return overflowing;
}

test.describe("every screen on a 360 px phone", () => {
  test("lays out no wider than the window, with data in every list and table", async ({ browser, admin, newCustomer }) => {
    test.setTimeout(120_000); // paces: nothing, the time limit of a long test
    const t = tag();
    const customer = await newCustomer(`Narrow Co ${t}`, "Nia Narrow");
    const project = await createProject(admin, customer.company.id, { name: `Storefront ${t}`, description: "A new shop front with a checkout" });
    const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Checkout button overlaps ${t}`, priority: "high" });
    await addComment(customer.context.request, "tickets", ticket.id, "Seen on a small phone");
    await addComment(customer.context.request, "projects", project.id, "Looking forward to it");
    const invoice = await createInvoice(admin, customer.company.id, {
      invoiceNumber: `NARROW-${t}`,
      amount: "12345.67",
      issueDate: "2026-02-01",
      dueDate: "2026-03-01",
      pdfUrl: "https://files.example.test/invoice.pdf",
    });
    await sendMessage(customer.context.request, `Hello from a phone ${t}`);
    await sendMessage(admin.request, `Hello back ${t}`, customer.company.id);

    const text = (value: string) => (page: Page) => page.getByText(value);
    const customerScreens: Screen[] = [
      { path: "/dashboard", ready: (page) => page.getByRole("button", { name: "Save Changes" }) },
      { path: "/dashboard/projects", ready: text(project.name) },
      { path: `/dashboard/projects/${project.slug}`, ready: text("Looking forward to it") },
      { path: "/dashboard/tickets", ready: text(ticket.title) },
      { path: `/dashboard/tickets/${ticket.id}`, ready: text("Seen on a small phone") },
      { path: "/dashboard/invoices", ready: text(invoice.invoiceNumber) },
      { path: "/dashboard/messages", ready: text(`Hello back ${t}`) },
    ];
    const adminScreens: Screen[] = [
      { path: "/admin", ready: text(customer.company.name) },
      { path: `/admin/customers/${customer.company.id}`, ready: text(project.name) },
      { path: "/admin/projects", ready: text(project.name) },
      { path: `/admin/projects/${project.slug}`, ready: text(ticket.title) },
      { path: "/admin/tickets", ready: text(ticket.title) },
      { path: `/admin/tickets/${ticket.id}`, ready: (page) => page.getByRole("button", { name: "Update Ticket" }) },
      { path: "/admin/invoices", ready: text(invoice.invoiceNumber) },
      { path: "/admin/messages", ready: text(`Hello from a phone ${t}`) },
    ];
    const signedOutScreens: Screen[] = [
      { path: "/auth", ready: (page) => page.getByRole("button", { name: "Sign In" }) },
      { path: "/no/such/page", ready: text("Oops! Page not found") },
    ];

    await customer.page.setViewportSize(PHONE);
    const adminContext = await newClientContext(browser, { viewport: PHONE });
    const anonContext = await newClientContext(browser, { viewport: PHONE });
    try {
      await signInThroughApi(adminContext.request, E2E_ADMIN);
      const overflowing = [
        ...(await overflowOf(customer.page, customerScreens)),
        ...(await overflowOf(await adminContext.newPage(), adminScreens)),
        ...(await overflowOf(await anonContext.newPage(), signedOutScreens)),
      ];
      expect(overflowing).toEqual([]);
    } finally {
      await adminContext.close();
      await anonContext.close();
    }
  });
});
