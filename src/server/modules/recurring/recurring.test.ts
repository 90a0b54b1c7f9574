import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userRoles, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { newWebhookSecret, sealWebhookSecret } from "../webhooks/webhook-secrets";
import { createCompany } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { issueDueRecurringInvoices } from "./recurring-job";
import { invoicesOf, jobOf, justAfterMidnight, recurringFor } from "@/server/test/recurring";

/** Recurring invoices (issue 42, ADR 048): the schedule, its rules, and the job over a moved clock. */
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const company = (name: string) => createCompany(server, name);

describe("POST /api/recurring-invoices", () => {
  it("answers the schedule with its total and next three dates; day 31 issues on each month's last day", async () => {
    const { id } = await company("Monthly Ltd");
    const made = await recurringFor(admin, id, { dayOfMonth: 31, startDate: "2027-01-05" });
    expect(made).toMatchObject({ company: { id }, amount: "120.00", currency: server.env.CURRENCY, status: "active", issuedCount: 0, frequency: "monthly", dueDays: 14, issueStatus: "unpaid", runs: [] });
    expect(made.upcoming).toEqual(["2027-01-31", "2027-02-28", "2027-03-31"]);
    expect(made.lines).toEqual([{ description: "Retainer", quantity: "1", unitPrice: "100.00", taxRate: "20", total: "100.00", tax: "20.00" }]);
    expect((await admin.client.get("/api/recurring-invoices")).body.map((item) => item.id)).toContain(made.id);
  });

  it.each([
    ["dayOfMonth", { dayOfMonth: 32 }],
    ["frequency", { frequency: "weekly" }],
    ["endDate", { endDate: "2026-12-31" }],
    ["count", { endDate: "2027-12-31", count: 3 }],
    ["lines", { lines: [] }],
    ["dueDays", { dueDays: -1 }],
  ])("refuses a bad %s with 400 naming it, and makes nothing", async (field, body) => {
    const { id } = await company(`Bad ${field} Ltd`);
    const before = (await admin.client.get("/api/recurring-invoices")).body.length;
    const response = await admin.client.post("/api/recurring-invoices", { companyId: id, lines: [{ description: "Retainer", quantity: "1", unitPrice: "10" }], frequency: "monthly", dayOfMonth: 1, startDate: "2027-01-01", ...body });
    expect(response.status).toBe(400);
    expect(response.problem.errors?.[0]?.field).toBe(field);
    expect((await admin.client.get("/api/recurring-invoices")).body.length).toBe(before);
  });

  it("is the team's alone: a customer gets 403 on the list, a schedule and a write", async () => {
    const { id } = await company("Private schedule Ltd");
    const made = await recurringFor(admin, id);
    const customer = await server.createUser();
    expect((await customer.client.get("/api/recurring-invoices")).status).toBe(403);
    expect((await customer.client.get(`/api/recurring-invoices/${made.id}`)).status).toBe(403);
    expect((await customer.client.post(`/api/recurring-invoices/${made.id}/pause`)).status).toBe(403);
  });
});

describe("the recurring invoice job", () => {
  it("issues twelve monthly invoices in order, once each however often it runs, dated for their period, then ends", async () => {
    const { id } = await company("Twelve months Ltd");
    const made = await recurringFor(admin, id, { count: 12 });
    for (let month = 1; month <= 13; month++) {
      const date = `2027-${String(month).padStart(2, "0")}-01`;
      for (let round = 0; round < 2; round++) await issueDueRecurringInvoices(jobOf(server), month === 13 ? new Date("2028-01-01T12:00:00Z") : justAfterMidnight(date));
    }
    const issued = await invoicesOf(admin, id);
    expect(issued.map((invoice) => invoice.issueDate)).toEqual(Array.from({ length: 12 }, (_, index) => `2027-${String(index + 1).padStart(2, "0")}-01`));
    expect(issued.every((invoice) => invoice.status === "unpaid" && invoice.amount === "120.00")).toBe(true);
    expect(issued[0]!.dueDate).toBe("2027-01-15");
    // The series continues in issue order.
    const numbers = issued.map((invoice) => Number(invoice.invoiceNumber.match(/\d+$/)![0]));
    expect(numbers).toEqual(numbers.toSorted((a, b) => a - b));
    const after = (await admin.client.get(`/api/recurring-invoices/${made.id}`)).body;
    expect(after).toMatchObject({ status: "ended", issuedCount: 12, upcoming: [] });
    expect(after.runs).toHaveLength(12);
    expect(after.runs[0]).toEqual({ periodDate: "2027-12-01", invoice: { id: issued[11]!.id, invoiceNumber: issued[11]!.invoiceNumber } });
  });

  it("issues each of two missed months once, dated for its month, when it runs again after downtime", async () => {
    const { id } = await company("Downtime Ltd");
    await recurringFor(admin, id, { dayOfMonth: 15, startDate: "2027-01-15", issueStatus: "draft" });
    await issueDueRecurringInvoices(jobOf(server), justAfterMidnight("2027-01-16"));
    expect((await invoicesOf(admin, id)).map((invoice) => invoice.issueDate)).toEqual(["2027-01-15"]);
    // Nothing ran from February to 20 March.
    await issueDueRecurringInvoices(jobOf(server), justAfterMidnight("2027-03-20"));
    const issued = await invoicesOf(admin, id);
    expect(issued.map((invoice) => [invoice.issueDate, invoice.status])).toEqual([
      ["2027-01-15", "draft"],
      ["2027-02-15", "draft"],
      ["2027-03-15", "draft"],
    ]);
  });

  it("issues nothing twice when a round dies mid-issue: the period it had claimed is issued once by the next round", async () => {
    const { id } = await company("Crash Ltd");
    const made = await recurringFor(admin, id, { startDate: "2027-01-01" });
    // The round dies after it claimed the period and wrote the invoice, before its commit: what a
    // process killed there leaves is the rolled-back transaction, nothing.
    const dying = jobOf(server);
    const dies = { ...dying, contextFor: (actor: Parameters<typeof dying.contextFor>[0]) => ({ ...dying.contextFor(actor), record: () => Promise.reject(new Error("process killed")) }) };
    await expect(issueDueRecurringInvoices(dies, justAfterMidnight("2027-01-01"))).rejects.toThrow("process killed");
    expect(await invoicesOf(admin, id)).toEqual([]);
    expect((await admin.client.get(`/api/recurring-invoices/${made.id}`)).body).toMatchObject({ issuedCount: 0, runs: [] });

    for (let round = 0; round < 2; round++) await issueDueRecurringInvoices(jobOf(server), justAfterMidnight("2027-01-01"));
    expect((await invoicesOf(admin, id)).map((invoice) => invoice.issueDate)).toEqual(["2027-01-01"]);
    expect((await admin.client.get(`/api/recurring-invoices/${made.id}`)).body).toMatchObject({ issuedCount: 1, runs: [{ periodDate: "2027-01-01" }] });
  });

  it("sends invoice.created for each invoice a schedule issues, and none for one it leaves as a draft", async () => {
    const { id } = await company("Webhook Ltd");
    const [endpoint] = await server.deps.db
      .insert(webhookEndpoints)
      .values({ url: "https://hooks.example.test/recurring", description: "Recurring", eventTypes: ["invoice.created"], companyId: id, secret: sealWebhookSecret(server.env.AUTH_SECRET, newWebhookSecret()) })
      .returning({ id: webhookEndpoints.id });
    await recurringFor(admin, id, { dayOfMonth: 3, startDate: "2027-01-03" });
    await recurringFor(admin, id, { dayOfMonth: 4, startDate: "2027-01-04", issueStatus: "draft" });
    await issueDueRecurringInvoices(jobOf(server), justAfterMidnight("2027-02-05"));
    const issued = (await invoicesOf(admin, id)).filter((invoice) => invoice.status !== "draft");
    expect(issued.map((invoice) => invoice.issueDate)).toEqual(["2027-01-03", "2027-02-03"]);
    const deliveries = await server.deps.db.select({ type: webhookDeliveries.eventType, body: webhookDeliveries.body }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(deliveries.map((delivery) => [delivery.type, (JSON.parse(delivery.body) as { data: { invoiceId: string } }).data.invoiceId]).sort()).toEqual(
      issued.map((invoice) => ["invoice.created", invoice.id]).sort(),
    );
  });

  it("issues nothing while paused, skips the paused months once resumed, and never again once ended (409 for what does not apply)", async () => {
    const { id } = await company("Paused Ltd");
    const made = await recurringFor(admin, id, { startDate: "2027-01-01" });
    const act = (action: string) => admin.client.post(`/api/recurring-invoices/${made.id}/${action}`);
    expect((await act("resume")).status).toBe(409);
    const paused = await act("pause");
    expect(paused.body).toMatchObject({ status: "paused", upcoming: [] });
    expect((await act("pause")).problem.errors).toEqual([{ field: "status", message: "Only an active schedule can be paused" }]);
    await issueDueRecurringInvoices(jobOf(server), justAfterMidnight("2027-02-01"));
    expect(await invoicesOf(admin, id)).toEqual([]);

    // Resumed today (the server's own clock, before 2027): the next date is the first to come.
    const resumed = await act("resume");
    expect(resumed.body).toMatchObject({ status: "active", upcoming: ["2027-01-01", "2027-02-01", "2027-03-01"] });
    expect((await act("end")).body).toMatchObject({ status: "ended", upcoming: [] });
    await issueDueRecurringInvoices(jobOf(server), justAfterMidnight("2027-06-01"));
    expect(await invoicesOf(admin, id)).toEqual([]);
    expect((await act("resume")).problem.errors).toEqual([{ field: "status", message: "This schedule has ended" }]);
  });

  it("pauses a schedule whose admin is no longer one, rather than issue on nobody's behalf", async () => {
    const { id } = await company("Orphaned Ltd");
    const former = await server.createUser({ admin: true });
    const made = await recurringFor(former, id);
    await server.deps.db.delete(userRoles).where(eq(userRoles.userId, former.id));
    await issueDueRecurringInvoices(jobOf(server), justAfterMidnight("2027-01-01"));
    expect(await invoicesOf(admin, id)).toEqual([]);
    expect((await admin.client.get(`/api/recurring-invoices/${made.id}`)).body.status).toBe("paused");
  });
});
