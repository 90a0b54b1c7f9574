import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { NotificationPage } from "@/shared/schemas/notification";
import { recordChange } from "@/server/changes/listeners";
import { invoiceReminders, notifications } from "@/server/db/schema";
import { addMember, customerWithCompany, invoiceBody, nextEvent, type CustomerWithCompany } from "@/server/test/fixtures";
import type { TestUser } from "@/server/test/harness";
import { serverForFile } from "@/server/test/per-file";
import { OVERDUE_REMINDER_WINDOW_DAYS, remindOverdueInvoices } from "./overdue-reminders";

const server = serverForFile();
let admin: TestUser;
let alpha: CustomerWithCompany;
let colleague: TestUser;

beforeAll(async () => {
  admin = await server.createUser({ admin: true });
  alpha = await customerWithCompany(server, "Reminded Co");
  colleague = await addMember(server, alpha.company.id);
});

const run = (now: Date) => remindOverdueInvoices({ db: server.deps.db, timeZone: "Pacific/Auckland", record: recordChange }, now);

async function overdueNotices(user: TestUser, invoiceId: string) {
  const page = (await user.client.get("/api/notifications?limit=100")).body as NotificationPage;
  return page.items.filter((n) => n.kind === "invoice_overdue" && n.subject.id === invoiceId);
}

describe("overdue invoice reminders", () => {
  it("tells every member once, from the day after the due date where the business is, and not of a paid or draft invoice", async () => {
    const due = (await admin.client.post("/api/invoices", invoiceBody(alpha.company.id, { invoiceNumber: "R-1", issueDate: "2026-05-01", dueDate: "2026-05-14" }))).body;
    const paid = (await admin.client.post("/api/invoices", invoiceBody(alpha.company.id, { invoiceNumber: "R-2", issueDate: "2026-05-01", dueDate: "2026-05-14", status: "paid" }))).body;
    const draft = (await admin.client.post("/api/invoices", invoiceBody(alpha.company.id, { invoiceNumber: "R-3", issueDate: "2026-05-01", dueDate: "2026-05-14", status: "draft" }))).body;

    // 2026-05-14 11:00 UTC is already the 15th in Auckland: overdue there.
    await run(new Date("2026-05-14T10:00:00Z"));
    expect(await overdueNotices(alpha, due.id)).toHaveLength(0);
    const event = nextEvent(server, "invoice");
    await run(new Date("2026-05-14T13:00:00Z"));
    expect((await event).id).toBe(due.id);
    for (const user of [alpha, colleague]) {
      const [notice] = await overdueNotices(user, due.id);
      expect(notice).toMatchObject({ subject: { type: "invoice", label: "R-1" }, actorName: null });
    }
    await run(new Date("2026-05-20T13:00:00Z"));
    expect(await overdueNotices(alpha, due.id)).toHaveLength(1);
    expect(await overdueNotices(alpha, paid.id)).toHaveLength(0);
    expect(await overdueNotices(admin, draft.id)).toHaveLength(0);
    expect(await server.deps.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, draft.id))).toEqual([]);
  });

  it("reminds each invoice once when runs overlap", async () => {
    const company = await customerWithCompany(server, "Overlap Co");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await admin.client.post("/api/invoices", invoiceBody(company.company.id, { invoiceNumber: `O-${i}`, issueDate: "2026-06-01", dueDate: "2026-06-02" }))).body.id);
    }
    const counts = await Promise.all([run(new Date("2026-06-10T00:00:00Z")), run(new Date("2026-06-10T00:00:00Z")), run(new Date("2026-06-10T00:00:00Z"))]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(5);
    const rows = await server.deps.db.select({ invoiceId: notifications.invoiceId }).from(notifications).where(eq(notifications.recipientId, company.id));
    const overdue = rows.filter((row) => row.invoiceId && ids.includes(row.invoiceId));
    // One "new invoice" and one reminder per invoice.
    expect(overdue).toHaveLength(10);
  });

  it(`leaves out an invoice due more than ${OVERDUE_REMINDER_WINDOW_DAYS} days ago, such as an old one on the first run after an upgrade`, async () => {
    const company = await customerWithCompany(server, "Old Debts Co");
    const old = (await admin.client.post("/api/invoices", invoiceBody(company.company.id, { invoiceNumber: "OLD-1", issueDate: "2025-01-01", dueDate: "2025-01-31" }))).body;
    const recent = (await admin.client.post("/api/invoices", invoiceBody(company.company.id, { invoiceNumber: "NEW-1", issueDate: "2026-07-01", dueDate: "2026-07-10" }))).body;
    // 2026-07-24 in Auckland: NEW-1 is 14 days past due, the last day it is still news.
    await run(new Date("2026-07-24T00:00:00Z"));
    expect(await overdueNotices(company, recent.id)).toHaveLength(1);
    expect(await overdueNotices(company, old.id)).toEqual([]);
    expect(await server.deps.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, old.id))).toEqual([]);
  });
});
