import { describe, expect, it } from "vitest";
import { customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

/**
 * UTC−12 and UTC+14 are 26 hours apart, so at any moment their calendars show different days:
 * an invoice due "today" west of the date line is already overdue east of it.
 */
const WEST = "Etc/GMT+12";
const EAST = "Etc/GMT-14";
const west = serverForFile(undefined, { TIME_ZONE: WEST, CURRENCY: "EUR" });
const east = serverForFile(undefined, { TIME_ZONE: EAST });
const admin = beforeAllTests(() => west.createUser({ admin: true }));
const eastAdmin = beforeAllTests(() => east.createUser({ admin: true }));
const acme = beforeAllTests(() => customerOfNewCompany(west, "Owing Ltd"));
const rival = beforeAllTests(() => customerOfNewCompany(west, "Rival Ltd"));

/** The date in `timeZone` `days` from now, as YYYY-MM-DD. */
const dayIn = (timeZone: string, days = 0) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(Date.now() + days * 86_400_000));

describe("overdue", () => {
  it("is true only for an unpaid invoice due before today in TIME_ZONE", async () => {
    const create = (dueDate: string | null, status = "unpaid") =>
      admin.client.post("/api/invoices", invoiceBody(acme.company.id, { issueDate: "2020-01-01", dueDate, status })).then((r) => r.body);
    expect((await create(dayIn(WEST, -1))).overdue).toBe(true);
    expect((await create(dayIn(WEST))).overdue).toBe(false);
    expect((await create(dayIn(WEST, 1))).overdue).toBe(false);
    expect((await create(null)).overdue).toBe(false);
    expect((await create(dayIn(WEST, -1), "paid")).overdue).toBe(false);
  });

  it("follows the installation's zone: due today west of the date line is overdue east of it", async () => {
    const company = await customerOfNewCompany(east, "Date Line Ltd");
    const dueDate = dayIn(WEST);
    const westInvoice = (await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { issueDate: "2020-01-01", dueDate }))).body;
    const eastInvoice = (await eastAdmin.client.post("/api/invoices", invoiceBody(company.company.id, { issueDate: "2020-01-01", dueDate }))).body;
    expect(westInvoice.overdue).toBe(false);
    expect(eastInvoice.overdue).toBe(true);
    expect((await company.customer.client.get(`/api/invoices/${eastInvoice.id}`)).body.overdue).toBe(true);
    expect(eastInvoice.currency).toBe("USD");
    expect(westInvoice.currency).toBe("EUR");
  });
});

describe("GET /api/invoices/balance", () => {
  it("sums a customer's own company's unpaid and overdue invoices, never another company's", async () => {
    const owing = await customerOfNewCompany(west, "Balance Co");
    const add = (companyId: string, amount: string, dueDate: string | null, status = "unpaid") =>
      admin.client.post("/api/invoices", invoiceBody(companyId, { amount, issueDate: "2020-01-01", dueDate, status }));
    expect((await owing.customer.client.get("/api/invoices/balance")).body).toEqual({ outstanding: "0.00", overdue: "0.00", currency: "EUR" });
    await add(owing.company.id, "100.10", dayIn(WEST, -3));
    await add(owing.company.id, "0.20", dayIn(WEST, 5));
    await add(owing.company.id, "1000.00", dayIn(WEST, -3), "paid");
    await add(rival.company.id, "555.55", dayIn(WEST, -3));
    const expected = { outstanding: "100.30", overdue: "100.10", currency: "EUR" };
    expect((await owing.customer.client.get("/api/invoices/balance")).body).toEqual(expected);
    // A customer's companyId is ignored: it never reads another company's balance.
    expect((await owing.customer.client.get(`/api/invoices/balance?companyId=${rival.company.id}`)).body).toEqual(expected);
    expect((await admin.client.get(`/api/invoices/balance?companyId=${owing.company.id}`)).body).toEqual(expected);
    expect((await admin.client.get(`/api/invoices/balance?companyId=${rival.company.id}`)).body).toMatchObject({ outstanding: "555.55", overdue: "555.55" });
  });

  it("asks an admin to name the company, and gives a customer without one zeros", async () => {
    const missing = await admin.client.get("/api/invoices/balance");
    expect(missing.status).toBe(400);
    expect(missing.problem.errors).toEqual([{ field: "companyId", message: "Choose a company" }]);
    const loner = await west.createUser();
    expect((await loner.client.get("/api/invoices/balance")).body).toEqual({ outstanding: "0.00", overdue: "0.00", currency: "EUR" });
  });
});
