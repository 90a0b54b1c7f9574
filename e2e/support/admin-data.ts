import type { Page, Request } from "@playwright/test";
import type { Page as ListPage } from "@/shared/schemas/pagination";
import type { Company } from "@/shared/schemas/company";
import { expect } from "./fixtures";
import type { AdminApi } from "./customer-data";

/**
 * Helpers for the admin screen specs. Records are made through the real API (see
 * customer-data.ts); only a state the shared server is never in (an admin list with no row at
 * all: other specs' records are always there) is answered here in the browser.
 */

/** The admin sections behind the desktop bar's "More" button, in their order. */
export const MORE_SECTIONS = ["Team", "Users", "Outbox", "Inbound mail", "Audit log", "Webhooks"] as const;

/** Opens one of the sections behind the desktop bar's "More" button through the bar, as an admin would. */
export async function openMoreSection(page: Page, name: (typeof MORE_SECTIONS)[number]) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "More" }).click();
  await nav.getByRole("link", { name, exact: true }).click();
}

/** The admin list endpoints, matched with or without a query string. */
export const listUrl = (resource: "companies" | "projects" | "tickets" | "invoices") => new RegExp(`/api/${resource}(\\?.*)?$`);

/** Answers GET calls of `url` with a fixed page of `items` (the API's page shape), and records the requests made. */
export async function servePage<T>(page: Page, url: RegExp, { items = [], total = items.length, pageSize = 50 }: Partial<Pick<ListPage<T>, "items" | "total" | "pageSize">>) {
  const requests: URL[] = [];
  await page.route(url, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const requested = new URL(route.request().url());
    requests.push(requested);
    const pageNumber = Number(requested.searchParams.get("page") ?? "1");
    const answer: ListPage<T> = { items, total, totalExact: true, page: pageNumber, pageSize };
    await route.fulfill({ json: answer });
  });
  return requests;
}

/** The next GET of an admin list, to check which page, search and sort the screen asked for. */
export function nextListRequest(page: Page, resource: Parameters<typeof listUrl>[0]): Promise<Request> {
  const pattern = listUrl(resource);
  return page.waitForRequest((request) => request.method() === "GET" && pattern.test(request.url()));
}

/** Today as YYYY-MM-DD in the machine's zone (the invoice dialog's default issue date). */
export function isoToday(offsetDays = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A company the admin creates (POST /api/companies), with nobody in it: no sign-up, no password hash. */
export async function adminCreatesCompany(admin: AdminApi, name: string): Promise<Company> {
  const response = await admin.request.post("/api/companies", { data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Company;
}
