import { randomUUID } from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import type { z } from "zod";
import type { Company, companyProfileInputSchema, SaveCompanyProfileResult } from "@/shared/schemas/company";
import type { createInvoiceInputSchema, Invoice } from "@/shared/schemas/invoice";
import type { ProblemDetails } from "@/shared/schemas/problem";
import type { createProjectInputSchema, Project, updateProjectInputSchema } from "@/shared/schemas/project";
import type { TeamMember } from "@/shared/schemas/team";
import type { createTicketInputSchema, Ticket } from "@/shared/schemas/ticket";
import { E2E_ADMIN } from "./constants";
import { test as base, expect, newClientContext, signInThroughApi, signUpThroughApi, type Credentials } from "./fixtures";

/**
 * Test data for the customer screens, made through the real API: the admin creates projects and
 * invoices and changes ticket status; customers create their company and tickets themselves.
 */

/** A short random tag so names from parallel tests never collide (and tenancy checks are exact). */
export const tag = () => randomUUID().slice(0, 6);

export interface AdminApi {
  request: APIRequestContext;
  context: BrowserContext;
  close: () => Promise<void>;
}

/** The bootstrap admin, signed in on a separate context of its own. */
export async function adminApi(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<AdminApi> {
  const context = await newClientContext(browser, options);
  await signInThroughApi(context.request, E2E_ADMIN);
  return { request: context.request, context, close: () => context.close() };
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/*
 * The API's contracts (src/shared/schemas), so a spec's helper cannot drift from what the server
 * sends and accepts. Request bodies are the schemas' input side: defaulted fields may be left out.
 */
export type CompanyJson = Company;
export type CompanyProfile = z.input<typeof companyProfileInputSchema>;

/** Customer: creates the company profile (and the membership) through PUT /api/companies/mine. */
export async function createCompany(request: APIRequestContext, profile: CompanyProfile): Promise<CompanyJson> {
  const body = await json<SaveCompanyProfileResult>(await request.put("/api/companies/mine", { data: profile }), 201);
  return body.company;
}

export interface CustomerSession {
  context: BrowserContext;
  page: Page;
  credentials: Credentials;
  company: CompanyJson;
}

/** A new customer, signed in on its own context, with a company of the given name. */
export async function customerWithCompany(
  browser: Browser,
  companyName: string,
  userName = "Casey Customer",
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<CustomerSession> {
  const context = await newClientContext(browser, options);
  const credentials = await signUpThroughApi(context.request, userName);
  const company = await createCompany(context.request, { name: companyName });
  return { context, page: await context.newPage(), credentials, company };
}

export type ProjectJson = Project;
export type NewProject = Omit<z.input<typeof createProjectInputSchema>, "companyId">;

export async function createProject(admin: Pick<AdminApi, "request">, companyId: string, input: NewProject): Promise<ProjectJson> {
  return json<ProjectJson>(await admin.request.post("/api/projects", { data: { companyId, ...input } }), 201);
}

export async function updateProject(admin: AdminApi, id: string, patch: z.input<typeof updateProjectInputSchema>): Promise<ProjectJson> {
  return json<ProjectJson>(await admin.request.patch(`/api/projects/${id}`, { data: patch }), 200);
}

/** The admin's own profile id (the assignable team member). */
export async function adminUserId(admin: AdminApi): Promise<string> {
  const team = await json<TeamMember[]>(await admin.request.get("/api/team"), 200);
  const me = team.find((member) => member.email === E2E_ADMIN.email);
  expect(me, "the bootstrap admin is a team member").toBeTruthy();
  return me!.id;
}

export type TicketJson = Ticket;
export type NewTicket = z.input<typeof createTicketInputSchema>;

/** Customer: opens a ticket in one of their company's projects. */
export async function createTicket(request: APIRequestContext, input: NewTicket): Promise<TicketJson> {
  return json<TicketJson>(await request.post("/api/tickets", { data: input }), 201);
}

export async function setTicketStatus(admin: AdminApi, id: string, status: Ticket["status"]): Promise<void> {
  await json(await admin.request.patch(`/api/tickets/${id}`, { data: { status } }), 200);
}

export async function addComment(request: APIRequestContext, kind: "projects" | "tickets", id: string, content: string): Promise<void> {
  await json(await request.post(`/api/${kind}/${id}/comments`, { data: { content } }), 201);
}

export type NewInvoice = Omit<z.input<typeof createInvoiceInputSchema>, "companyId">;
export type InvoiceJson = Invoice;

export async function createInvoice(admin: AdminApi, companyId: string, input: NewInvoice): Promise<InvoiceJson> {
  return json<InvoiceJson>(await admin.request.post("/api/invoices", { data: { companyId, ...input } }), 201);
}

/** How the app formats a date (YYYY-MM-DD) in the browser's locale, for exact expectations. */
export function formatDateInPage(page: Page, date: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(
        new Date(`${value}T00:00:00Z`),
      ),
    date,
  );
}

/** How the app formats an instant's calendar day in the browser's locale and time zone. */
export function formatInstantDateInPage(page: Page, instant: string): Promise<string> {
  return page.evaluate(
    (value) => new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" }).format(new Date(value)),
    instant,
  );
}

/**
 * Answers matching API calls with a problem+json error (every one, or the first `times`), to drive
 * the screens' failure paths, which a healthy server never takes on purpose.
 */
export async function failRequests(
  page: Page,
  url: string | RegExp,
  options: { method: string; status: number; detail?: string; times?: number },
): Promise<void> {
  let left = options.times ?? Number.POSITIVE_INFINITY;
  await page.route(url, async (route) => {
    if (route.request().method() !== options.method || left <= 0) return route.fallback();
    left -= 1;
    const { status, detail } = options;
    await route.fulfill({
      status,
      contentType: "application/problem+json",
      body: detail ? JSON.stringify({ type: "about:blank", title: "Error", status, detail } satisfies ProblemDetails) : "",
    });
  });
}

interface CustomerFixtures {
  /** Makes a signed-in customer with a company; every one is closed after the test. */
  newCustomer: (companyName: string, userName?: string) => Promise<CustomerSession>;
  /** The bootstrap admin's API, on its own context, closed after the test. */
  admin: AdminApi;
}

export const test = base.extend<CustomerFixtures>({
  newCustomer: async ({ browser }, use) => {
    const sessions: CustomerSession[] = [];
    await use(async (companyName, userName) => {
      const session = await customerWithCompany(browser, companyName, userName);
      sessions.push(session);
      return session;
    });
    await Promise.all(sessions.map((session) => session.context.close()));
  },
  admin: async ({ browser }, use) => {
    const admin = await adminApi(browser);
    await use(admin);
    await admin.close();
  },
});

/**
 * A project's or ticket's comment thread before anyone wrote, as both roles see it: the count, the
 * empty text, and Send disabled for empty or whitespace text. Answers the box and its button.
 */
export async function expectEmptyCommentThread(page: Page) {
  await expect(page.getByRole("heading", { name: "Comments (0)" })).toBeVisible();
  await expect(page.getByText("No comments yet")).toBeVisible();
  const box = page.getByLabel("Add a comment");
  const send = page.getByRole("button", { name: "Send" });
  await expect(send).toBeDisabled();
  await box.fill("   \n  ");
  await expect(send).toBeDisabled();
  return { box, send };
}
