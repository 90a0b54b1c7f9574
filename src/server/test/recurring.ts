import { expect } from "vitest";
import type { Database } from "@/server/db/client";
import { serviceContextOf } from "@/server/http/service-context";
import type { TestServer, TestUser } from "@/server/test/harness";
import type { RecurringJobDeps } from "../modules/recurring/recurring-job";

/** The job's dependencies as a process of `server` has them, on `db` (its own pool, or another process's). */
export const jobOf = (server: TestServer, db: Database = server.deps.db): RecurringJobDeps => ({ db, contextFor: serviceContextOf(server.deps), timeZone: "UTC", log: server.deps.log });

/** A monthly recurring invoice for the company through the API, 100.00 plus 20 % tax. */
export async function recurringFor(admin: TestUser, companyId: string, body: Record<string, unknown> = {}) {
  const response = await admin.client.post("/api/recurring-invoices", {
    companyId,
    lines: [{ description: "Retainer", quantity: "1", unitPrice: "100.00", taxRate: "20" }],
    frequency: "monthly",
    dayOfMonth: 1,
    startDate: "2027-01-01",
    dueDays: 14,
    ...body,
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** The company's invoices as the admin's list has them, oldest issue date first. */
export async function invoicesOf(admin: TestUser, companyId: string) {
  const { items } = (await admin.client.get(`/api/invoices?companyId=${companyId}&pageSize=100`)).body;
  return items.toSorted((a, b) => a.issueDate.localeCompare(b.issueDate));
}

/** Midnight past, UTC, of `date`. */
export const justAfterMidnight = (date: string) => new Date(`${date}T00:01:00Z`);
