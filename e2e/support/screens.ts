import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { RecurringInvoiceDetail } from "@/shared/schemas/recurring";
import { expect, newClientContext } from "./fixtures";
import { isoToday } from "./admin-data";
import { addComment, adminApi, createInvoice, createProject, createTicket, customerWithCompany, tag, type AdminApi } from "./customer-data";
import { sendMessage } from "./messages-data";
import { createSentQuote } from "./quote-data";

/**
 * Every screen of the web app, with a record of each kind behind it (ADR 032): the languages spec
 * walks them in the pseudo-locale, and `npm run screenshots:de` photographs them in German.
 */
export interface Screen {
  /** A file name for its picture: `customer-projects`. */
  name: string;
  path: string;
  /** The heading or text that says the screen has loaded its data. */
  ready: (page: Page) => Promise<void>;
}

export interface ScreenWorld {
  customer: { context: BrowserContext; page: Page };
  admin: { context: BrowserContext; page: Page; api: AdminApi };
  anonymous: { context: BrowserContext; page: Page };
  customerScreens: Screen[];
  adminScreens: Screen[];
  publicScreens: Screen[];
  close(): Promise<void>;
}

/** The page has painted its data: a heading is on screen and no spinner is left. */
async function settled(page: Page) {
  await expect(page.getByRole("heading").first()).toBeVisible();
  await expect(page.getByRole("status").filter({ has: page.locator("svg.animate-spin") })).toHaveCount(0);
}

const screen = (name: string, path: string, ready: Screen["ready"] = settled): Screen => ({ name, path, ready });

/** A customer with a company, a project, a ticket with a comment and an internal note, an invoice, a sent quote, a recurring invoice and a message; the admin; a stranger. */
export async function screenWorld(browser: Browser, options: { locale?: string; prepare?: (context: BrowserContext) => Promise<void> } = {}): Promise<ScreenWorld> {
  const contextOptions = options.locale ? { locale: options.locale } : {};
  const admin = await adminApi(browser, contextOptions);
  const suffix = tag();
  const customer = await customerWithCompany(browser, `Nordlicht ${suffix}`, "Kim Kunde", contextOptions);
  const project = await createProject(admin, customer.company.id, { name: `Relaunch ${suffix}`, description: "Neue Website", status: "active", startDate: isoToday(-10) });
  const ticket = await createTicket(customer.context.request, { projectId: project.id, title: `Anmeldung hakt ${suffix}`, description: "Seit gestern", priority: "high" });
  await addComment(customer.context.request, "tickets", ticket.id, "Bitte prüfen");
  // The team's internal note: the admin's ticket screen shows one (tinted, badged), the customer's none.
  expect((await admin.request.post(`/api/tickets/${ticket.id}/comments`, { data: { content: "Noch im alten Tarif", internal: true } })).status()).toBe(201);
  await addComment(customer.context.request, "projects", project.id, "Sieht gut aus");
  const invoice = await createInvoice(admin, customer.company.id, { invoiceNumber: `R-${suffix}`, amount: "1234.50", issueDate: isoToday(-3), dueDate: isoToday(27) });
  await sendMessage(customer.context.request, "Hallo Team");
  // Sent, with a deposit: the customer's page shows the owner's accept form, the admin's the sent quote.
  const quote = await createSentQuote(admin, customer.company.id, {
    title: `Relaunch-Angebot ${suffix}`,
    lines: [{ description: "Gestaltung", quantity: "3", unitPrice: "400", taxRate: "19" }],
    validUntil: isoToday(30),
    invoicing: "deposit",
    depositPercent: "30",
  });
  // Monthly, with its next three dates: the admin's recurring list and its page (ADR 048).
  const recurringResponse = await admin.request.post("/api/recurring-invoices", {
    data: { companyId: customer.company.id, lines: [{ description: "Wartung", quantity: "1", unitPrice: "99", taxRate: "19" }], dueDays: 14, frequency: "monthly", dayOfMonth: 31, startDate: isoToday() },
  });
  expect(recurringResponse.status(), await recurringResponse.text()).toBe(201);
  const recurring = (await recurringResponse.json()) as RecurringInvoiceDetail;

  const anonymous = await newClientContext(browser, contextOptions);
  for (const context of [admin.context, customer.context, anonymous]) await options.prepare?.(context);
  const adminPage = await admin.context.newPage();
  const anonymousPage = await anonymous.newPage();

  const customerScreens = [
    screen("customer-company", "/dashboard"),
    screen("customer-overview", "/dashboard/overview"),
    screen("customer-projects", "/dashboard/projects"),
    screen("customer-project-detail", `/dashboard/projects/${project.slug}`),
    screen("customer-tickets", "/dashboard/tickets"),
    screen("customer-ticket-detail", `/dashboard/tickets/${ticket.id}`),
    screen("customer-invoices", "/dashboard/invoices"),
    screen("customer-invoice-detail", `/dashboard/invoices/${invoice.id}`),
    screen("customer-quote-detail", `/dashboard/quotes/${quote.id}`),
    screen("customer-messages", "/dashboard/messages"),
    screen("customer-account", "/dashboard/account"),
  ];
  const adminScreens = [
    screen("admin-customers", "/admin"),
    screen("admin-overview", "/admin/overview"),
    screen("admin-customer-detail", `/admin/customers/${customer.company.id}`),
    screen("admin-projects", "/admin/projects"),
    screen("admin-project-detail", `/admin/projects/${project.id}`),
    screen("admin-tickets", "/admin/tickets"),
    screen("admin-ticket-detail", `/admin/tickets/${ticket.id}`),
    screen("admin-invoices", "/admin/invoices"),
    screen("admin-invoice-detail", `/admin/invoices/${invoice.id}`),
    screen("admin-quote-detail", `/admin/quotes/${quote.id}`),
    screen("admin-recurring-invoices", "/admin/invoices/recurring"),
    screen("admin-recurring-invoice-detail", `/admin/invoices/recurring/${recurring.id}`),
    screen("admin-messages", `/admin/messages?company=${customer.company.id}`),
    screen("admin-team", "/admin/team"),
    screen("admin-users", "/admin/users"),
    screen("admin-outbox", "/admin/outbox"),
    screen("admin-inbound", "/admin/inbound"),
    screen("admin-audit", "/admin/audit"),
    screen("admin-webhooks", "/admin/webhooks"),
    screen("admin-account", "/admin/account"),
  ];
  const publicScreens = [
    screen("sign-in", "/auth"),
    screen("reset-password", "/reset-password?token=expired"),
    screen("invitation", "/invitation?token=unknown"),
    screen("unsubscribe", "/unsubscribe?token=unknown"),
    screen("not-found", "/no-such-page"),
  ];
  return {
    customer: { context: customer.context, page: customer.page },
    admin: { context: admin.context, page: adminPage, api: admin },
    anonymous: { context: anonymous, page: anonymousPage },
    customerScreens,
    adminScreens,
    publicScreens,
    close: async () => {
      await Promise.all([customer.context.close(), admin.close(), anonymous.close()]);
    },
  };
}
