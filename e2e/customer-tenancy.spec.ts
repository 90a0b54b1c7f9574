import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  addComment,
  type AdminApi,
  createInvoice,
  createProject,
  createTicket,
  type CustomerSession,
  type ProjectJson,
  tag,
  test,
  type TicketJson,
} from "./support/customer-data";
import { expect } from "./support/fixtures";

interface Tenant {
  session: CustomerSession;
  project: ProjectJson;
  ticket: TicketJson;
  /** Every name of this tenant's data that could show on a screen. */
  names: string[];
}

async function tenant(newCustomer: (company: string, user?: string) => Promise<CustomerSession>, admin: AdminApi, label: string): Promise<Tenant> {
  const t = tag();
  const companyName = `${label} Holdings ${t}`;
  const userName = `${label} Person ${t}`;
  const session = await newCustomer(companyName, userName);
  const project = await createProject(admin, session.company.id, { name: `${label} Project ${t}`, description: `${label} description ${t}` });
  const ticket = await createTicket(session.context.request, { projectId: project.id, title: `${label} Ticket ${t}`, description: `${label} ticket text ${t}` });
  const projectComment = `${label} project remark ${t}`;
  const ticketComment = `${label} ticket remark ${t}`;
  await addComment(session.context.request, "projects", project.id, projectComment);
  await addComment(session.context.request, "tickets", ticket.id, ticketComment);
  const invoice = await createInvoice(admin, session.company.id, {
    invoiceNumber: `${label.toUpperCase()}-${t}`,
    amount: "10",
    issueDate: "2026-01-01",
  });
  return {
    session,
    project,
    ticket,
    names: [companyName, userName, project.name, `${label} description ${t}`, ticket.title, `${label} ticket text ${t}`, projectComment, ticketComment, invoice.invoiceNumber],
  };
}

async function expectNoneOf(page: Page, names: string[]) {
  const body = page.locator("body");
  for (const name of names) await expect(body).not.toContainText(name);
}

/** Walks every customer screen as `me`, checking own data shows and none of `other`'s does. */
async function walkScreens(me: Tenant, other: Tenant) {
  const { page } = me.session;
  // The overview (ADR 035): the company's own project, nothing of the other's.
  await page.goto("/dashboard/overview");
  await expect(page.getByRole("link", { name: me.project.name })).toBeVisible();
  await expectNoneOf(page, other.names);

  await page.goto("/dashboard");
  await expect(page.getByLabel("Company Name")).toHaveValue(me.names[0]!);
  for (const label of ["Company Name", "Contact Name", "Contact Email", "Phone Number", "Address"]) {
    await expect(page.getByLabel(label)).not.toHaveValue(other.names[0]!);
  }
  await expectNoneOf(page, other.names);

  await page.goto("/dashboard/projects");
  await expect(page.getByText(me.project.name)).toBeVisible();
  await expectNoneOf(page, other.names);

  await page.goto(`/dashboard/projects/${me.project.slug}`);
  await expect(page.getByRole("link", { name: me.ticket.title })).toBeVisible();
  await expect(page.getByRole("list", { name: "Comments and activity" })).toBeVisible();
  await expectNoneOf(page, other.names);

  await page.goto("/dashboard/tickets");
  await expect(page.getByRole("link", { name: new RegExp(me.ticket.title) })).toBeVisible();
  await page.getByRole("button", { name: "New Ticket" }).click();
  await expect(page.getByRole("dialog").getByRole("option", { name: me.project.name })).toBeAttached();
  await expectNoneOf(page, other.names);
  await page.keyboard.press("Escape");

  await page.goto(`/dashboard/tickets/${me.ticket.id}`);
  await expect(page.getByRole("list", { name: "Comments and activity" })).toBeVisible();
  await expectNoneOf(page, other.names);

  await page.goto("/dashboard/invoices");
  await expect(page.getByRole("table", { name: "Invoices" })).toContainText(me.names[8]!);
  await expectNoneOf(page, other.names);

  // Direct links to the other company's records answer as if they did not exist.
  await page.goto(`/dashboard/projects/${other.project.slug}`);
  await expect(page.getByText(`Project not found (ID: ${other.project.slug})`)).toBeVisible();
  await expectNoneOf(page, other.names);
  await page.goto(`/dashboard/tickets/${other.ticket.id}`);
  await expect(page.getByText("Ticket not found")).toBeVisible();
  await expectNoneOf(page, other.names);
}

test.describe("tenant isolation on the customer screens", () => {
  test("two companies side by side never see each other's names, and a missing or malformed address answers as the other's records do", async ({ admin, newCustomer }) => {
    test.setTimeout(180_000); // paces: nothing, the time limit of a long test
    const north = await tenant(newCustomer, admin, "North");
    const south = await tenant(newCustomer, admin, "South");

    await walkScreens(north, south);
    await walkScreens(south, north);

    // The other company's project by id as well as by slug; records that do not exist at all.
    const { page } = north.session;
    await page.goto(`/dashboard/projects/${south.project.id}`);
    await expect(page.getByText(`Project not found (ID: ${south.project.id})`)).toBeVisible();
    await expectNoneOf(page, south.names);
    await page.goto("/dashboard/projects/no-such-project");
    await expect(page.getByText("Project not found (ID: no-such-project)")).toBeVisible();
    for (const id of [randomUUID(), "not-a-ticket-id"]) {
      await page.goto(`/dashboard/tickets/${id}`);
      await expect(page.getByText("Ticket not found")).toBeVisible();
    }
  });
});
