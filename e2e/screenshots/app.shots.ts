import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { isoToday } from "../support/admin-data";
import { addComment, createInvoice, createProject, createTicket, setTicketStatus, type CompanyJson } from "../support/customer-data";
import { expect, test } from "../support/fixtures";
import { sendMessage } from "../support/messages-data";
import { screenWorld, type ScreenWorld } from "../support/screens";

/**
 * `npm run screenshots`: every screen at desktop and phone width, in the light and the dark theme,
 * signed out, as a customer and as an admin, photographed into screenshots/ (not committed):
 * screenshots/<width>-<theme>/<screen>.png. The records are the screen world's, and a few more so
 * that lists have rows of several kinds.
 */
const folder = join(process.cwd(), "screenshots");
const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const THEMES = ["light", "dark"] as const;

/** More of what a company has after a while: projects in each state, tickets of each kind, paid and overdue invoices, a conversation. */
async function addRealisticRecords(world: ScreenWorld) {
  const admin = world.admin.api;
  const customer = world.customer.context.request;
  const response = await customer.get("/api/companies/mine");
  expect(response.status(), await response.text()).toBe(200);
  const { company } = (await response.json()) as { company: CompanyJson | null };
  if (!company) throw new Error("The screen world's customer has no company");
  const app = await createProject(admin, company.id, { name: "Mobile app", description: "iOS and Android app for field staff", status: "active", startDate: isoToday(-40) });
  await createProject(admin, company.id, { name: "Brand refresh", description: "New logo, colours and type", status: "completed", startDate: isoToday(-120) });
  await createProject(admin, company.id, { name: "Data migration", description: "Move the old CRM's records", status: "on_hold" });
  const tickets = [
    { title: "Push notifications arrive twice", priority: "high", status: "doing" },
    { title: "Add dark mode to the app", priority: "low", status: "pending" },
    { title: "Login fails on Android 12", priority: "urgent", status: "pending" },
    { title: "Update the privacy policy link", priority: "medium", status: "done" },
  ] as const;
  for (const { title, priority, status } of tickets) {
    const ticket = await createTicket(customer, { projectId: app.id, title, description: "Seen by several people in the team since last week.", priority });
    if (status !== "pending") await setTicketStatus(admin, ticket.id, status);
    await addComment(customer, "tickets", ticket.id, "Screenshots are attached to the first message.");
  }
  await createInvoice(admin, company.id, { invoiceNumber: `INV-${company.id.slice(0, 4)}-01`, amount: "4800.00", issueDate: isoToday(-75), dueDate: isoToday(-45), status: "paid" });
  await createInvoice(admin, company.id, { invoiceNumber: `INV-${company.id.slice(0, 4)}-02`, amount: "2150.00", issueDate: isoToday(-40), dueDate: isoToday(-10) });
  await sendMessage(admin.request, "Thanks, we are on it and will reply by tomorrow.", company.id);
  await sendMessage(customer, "Great, thank you!");
}

let world: ScreenWorld;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000); // paces: nothing, the time limit of building the records
  world = await screenWorld(browser);
  await addRealisticRecords(world);
});

test.afterAll(async () => {
  await world?.close();
});

for (const width of Object.keys(WIDTHS) as Array<keyof typeof WIDTHS>) {
  for (const theme of THEMES) {
    test(`every screen at ${width} width in the ${theme} theme, photographed into screenshots/${width}-${theme}`, async () => {
      test.setTimeout(600_000); // paces: nothing, the time limit of photographing every screen
      const into = join(folder, `${width}-${theme}`);
      mkdirSync(into, { recursive: true });
      for (const [side, screens] of [
        [world.customer, world.customerScreens],
        [world.admin, world.adminScreens],
        [world.anonymous, world.publicScreens],
      ] as const) {
        await side.page.setViewportSize(WIDTHS[width]);
        // The theme follows the system's setting until the user picks one.
        await side.page.emulateMedia({ colorScheme: theme });
        for (const screen of screens) {
          await side.page.goto(screen.path);
          await screen.ready(side.page);
          await side.page.screenshot({ path: join(into, `${screen.name}.png`), fullPage: true });
        }
      }
    });
  }
}
