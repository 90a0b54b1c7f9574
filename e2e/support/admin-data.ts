import type { Page, Request } from "@playwright/test";
import type { Page as ListPage } from "@/shared/schemas/pagination";

/**
 * Helpers for the admin screen specs. Records are made through the real API (see
 * customer-data.ts); only states a healthy shared server cannot be put in on purpose (an empty
 * table, a page count beyond the data) are answered here in the browser.
 */

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
