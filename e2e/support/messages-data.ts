import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import type { Conversation, Message } from "@/shared/schemas/message";
import { newClientContext, signUpThroughApi } from "./fixtures";
import { createCompany, type AdminApi, type CompanyJson } from "./customer-data";
import { expect } from "./fixtures";

/**
 * Helpers for the chat and realtime specs. Messages are sent through the real API; the screens
 * must then show them without a reload, which `markPage` / `expectSamePage` check.
 */

/** The API's message contracts (src/shared/schemas/message.ts). */
export type MessageJson = Message;
export type ConversationJson = Conversation;

/** Sends as whoever `request` is signed in as (admins name the company). */
export async function sendMessage(request: APIRequestContext, content: string, companyId?: string): Promise<MessageJson> {
  const response = await request.post("/api/messages", { data: { content, ...(companyId ? { companyId } : {}) } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as MessageJson;
}

/** A company's whole conversation as the admin sees it, oldest first. */
export async function conversationOf(admin: AdminApi, companyId: string): Promise<MessageJson[]> {
  const response = await admin.request.get("/api/messages", { params: { companyId, limit: 200 } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as MessageJson[];
}

/** Customers with companies, through the API only (no page), each on its own client address. */
export async function companiesWithCustomers(browser: Browser, names: string[]) {
  return Promise.all(
    names.map(async (name) => {
      const context = await newClientContext(browser);
      await signUpThroughApi(context.request, `Owner of ${name}`);
      const company: CompanyJson = await createCompany(context.request, { name });
      return { context, request: context.request, company };
    }),
  );
}

/** The customer's chat log. */
export const chatLog = (page: Page) => page.getByRole("log", { name: "Messages" });

/** A message in a log by (part of) its text. */
export const messageIn = (log: Locator, text: string) => log.getByRole("listitem").filter({ hasText: text });

/** The admin inbox's list of conversations. */
export const inboxList = (page: Page) => page.getByRole("list", { name: "Conversations", exact: true });

/** A conversation's row in the admin inbox (a link) by company name. */
export const inboxRow = (page: Page, companyName: string) => inboxList(page).getByRole("link").filter({ hasText: companyName });

/** A row's unread count as a screen reader hears it ("2 unread"); none when everything is read. */
export const unreadCountOf = (row: Locator) => row.getByTestId("unread-count");

/** The admin inbox's open conversation (its heading is the company name), with its log and reply box. */
export const openConversation = (page: Page, companyName: string) => page.getByRole("region", { name: companyName, exact: true });

/** Companies without members, made by the admin, each with one message from the team. */
export async function companiesWithTeamMessages(admin: AdminApi, names: string[]): Promise<CompanyJson[]> {
  const companies: CompanyJson[] = [];
  for (const name of names) {
    const response = await admin.request.post("/api/companies", { data: { name } });
    expect(response.status(), await response.text()).toBe(201);
    const company = (await response.json()) as CompanyJson;
    await sendMessage(admin.request, `Hello ${name}`, company.id);
    companies.push(company);
  }
  return companies;
}

/** Tags the loaded document, so a later check proves the page was never reloaded or left. */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __porticoMark?: boolean }).__porticoMark = true;
  });
}

export async function expectSamePage(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __porticoMark?: boolean }).__porticoMark), "the page was not reloaded").toBe(true);
}

/** Resolves once the page's realtime stream has connected (its `ready` frame answers 200). */
export function eventStreamOpened(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith("/api/events") && response.status() === 200);
}
