import { count, inArray, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices } from "../../db/schema";
import type { PorticoEvent } from "../../realtime/event-bus";
import { customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const acme = beforeAllTests(() => customerOfNewCompany(server, "Acme Billing"));

const invoiceCount = async () => (await server.deps.db.select({ n: count() }).from(invoices))[0]!.n;
const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);
/** The detail of an invoice priced by one amount: the same invoice, with that amount as its one line. */
const withItsOneLine = (invoice: { amount: string }) => ({
  ...invoice,
  replacedBy: null,
  quote: null,
  payments: [],
  payOnline: false,
  lines: [expect.objectContaining({ description: "Services", quantity: "1.000", unitPrice: invoice.amount, taxRate: null, total: invoice.amount, tax: "0.00" })],
});

describe("POST /api/invoices", () => {
  it("creates an unpaid invoice, stores the amount exactly and announces it", async () => {
    const events: PorticoEvent[] = [];
    const stop = server.deps.events.subscribe((event) => events.push(event));
    const response = await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { invoiceNumber: "INV-2026-001", amount: "1234.5" }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      invoiceNumber: "INV-2026-001",
      amount: "1234.50",
      issueDate: "2026-03-01",
      dueDate: null,
      pdfUrl: null,
      status: "unpaid",
      company: { id: acme.company.id, name: "Acme Billing" },
    });
    // NOTIFY is asynchronous on PostgreSQL: an earlier test's event may still arrive, so only
    // events about this invoice count.
    const mine = () => events.filter((event) => event.id === response.body.id);
    await expect.poll(() => mine().length).toBe(1);
    stop();
    expect(mine()[0]).toEqual({ kind: "invoice", companyId: acme.company.id, id: response.body.id });
  });

  it("keeps cents exact: 0.10 and 0.20 add up to 0.30 in the database, and a number is accepted", async () => {
    const company = (await customerOfNewCompany(server, "Cents Co")).company;
    const dime = await admin.client.post("/api/invoices", invoiceBody(company.id, { amount: "0.10" }));
    const twenty = await admin.client.post("/api/invoices", invoiceBody(company.id, { amount: 0.2 }));
    const big = await admin.client.post("/api/invoices", invoiceBody(company.id, { amount: "9999999999.99", status: "paid" }));
    expect([dime.body.amount, twenty.body.amount, big.body.amount]).toEqual(["0.10", "0.20", "9999999999.99"]);
    expect(big.body.status).toBe("paid");
    const [total] = await server.deps.db
      .select({ total: sum(invoices.amount) })
      .from(invoices)
      .where(inArray(invoices.id, [dime.body.id, twenty.body.id]));
    expect(total!.total).toBe("0.30");
  });

  it.each([
    ["a float that is not a whole cent", 0.1 + 0.2],
    ["a negative amount", "-1.00"],
    ["three decimals", "1.234"],
    ["text", "lots"],
    ["nothing", ""],
    ["more than numeric(12,2) holds", "10000000000.00"],
  ])("rejects %s as the amount with a 400 naming amount", async (_label, amount) => {
    const response = await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { amount }));
    expect(response.status).toBe(400);
    expect(fields(response.problem)).toEqual(["amount"]);
  });

  it("names each invalid field and writes nothing", async () => {
    const before = await invoiceCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ companyId: crypto.randomUUID() }, "companyId"],
      [{ companyId: undefined }, "companyId"],
      [{ invoiceNumber: "  " }, "invoiceNumber"],
      [{ issueDate: "01/03/2026" }, "issueDate"],
      [{ dueDate: "2026-02-28" }, "dueDate"],
      [{ pdfUrl: "javascript:alert(1)" }, "pdfUrl"],
      [{ pdfUrl: "not a url" }, "pdfUrl"],
      [{ status: "overdue" }, "status"],
    ];
    for (const [overrides, field] of cases) {
      const response = await admin.client.post("/api/invoices", invoiceBody(acme.company.id, overrides));
      expect(response.status, field).toBe(400);
      expect(fields(response.problem), field).toEqual([field]);
    }
    expect(await invoiceCount()).toBe(before);
  });

  it("refuses a duplicate invoice number with a 409 naming invoiceNumber", async () => {
    await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { invoiceNumber: "INV-DUP" }));
    const before = await invoiceCount();
    const response = await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { invoiceNumber: " INV-DUP " }));
    expect(response.status).toBe(409);
    expect(fields(response.problem)).toEqual(["invoiceNumber"]);
    expect(await invoiceCount()).toBe(before);
  });

  it("answers 403 to a customer and 401 to an anonymous caller, writing nothing", async () => {
    const before = await invoiceCount();
    expect((await acme.customer.client.post("/api/invoices", invoiceBody(acme.company.id))).status).toBe(403);
    expect((await server.anonymous().post("/api/invoices", invoiceBody(acme.company.id))).status).toBe(401);
    expect(await invoiceCount()).toBe(before);
  });
});

describe("PATCH /api/invoices/:id", () => {
  const create = async (overrides: Record<string, unknown> = {}) =>
    (await admin.client.post("/api/invoices", invoiceBody(acme.company.id, overrides))).body;

  it("lets an admin mark an invoice paid and announces it", async () => {
    // Subscribed before the create: its event arrives asynchronously and must not be taken for
    // the update's. Both name the invoice.
    const events: PorticoEvent[] = [];
    const stop = server.deps.events.subscribe((event) => events.push(event));
    const invoice = await create({ amount: "50.05" });
    const response = await admin.client.patch(`/api/invoices/${invoice.id}`, { status: "paid" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "paid", amount: "50.05", invoiceNumber: invoice.invoiceNumber });
    const mine = () => events.filter((event) => event.id === invoice.id);
    await expect.poll(() => mine().length).toBe(2);
    stop();
    expect(mine()).toEqual([0, 1].map(() => ({ kind: "invoice", companyId: acme.company.id, id: invoice.id })));
  });

  it("edits every field of a draft at once, as the edit form sends them, and clears the optional ones with blanks", async () => {
    const invoice = await create({ amount: "10.00", dueDate: "2026-03-31", pdfUrl: "https://files.example.test/old.pdf", status: "draft" });
    const number = `EDIT-${crypto.randomUUID().slice(0, 8)}`;
    const edited = await admin.client.patch(`/api/invoices/${invoice.id}`, {
      invoiceNumber: ` ${number} `,
      amount: "2500.5",
      issueDate: "2026-04-01",
      dueDate: "2026-05-01",
      pdfUrl: "https://files.example.test/new.pdf",
      status: "paid",
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: invoice.id,
      invoiceNumber: number,
      amount: "2500.50",
      issueDate: "2026-04-01",
      dueDate: "2026-05-01",
      pdfUrl: "https://files.example.test/new.pdf",
      status: "paid",
      company: { id: acme.company.id },
    });
    const cleared = await admin.client.patch(`/api/invoices/${invoice.id}`, { dueDate: "", pdfUrl: "" });
    expect(cleared.body).toMatchObject({ dueDate: null, pdfUrl: null, invoiceNumber: number });
  });

  it("refuses a due date before the issue date sent with it, and changes nothing", async () => {
    const invoice = await create({ issueDate: "2026-05-10" });
    const response = await admin.client.patch(`/api/invoices/${invoice.id}`, { invoiceNumber: "NEVER-STORED", issueDate: "2026-07-01", dueDate: "2026-06-01" });
    expect(response.status).toBe(400);
    expect(fields(response.problem)).toEqual(["dueDate"]);
    expect((await admin.client.get(`/api/invoices/${invoice.id}`)).body).toEqual(withItsOneLine(invoice));
  });

  it("checks a new due date against the stored issue date", async () => {
    const invoice = await create({ issueDate: "2026-05-10" });
    const response = await admin.client.patch(`/api/invoices/${invoice.id}`, { dueDate: "2026-05-01" });
    expect(response.status).toBe(400);
    expect(fields(response.problem)).toEqual(["dueDate"]);
    const ok = await admin.client.patch(`/api/invoices/${invoice.id}`, { dueDate: "2026-06-01", pdfUrl: "https://files.example.test/a.pdf" });
    expect(ok.body).toMatchObject({ dueDate: "2026-06-01", pdfUrl: "https://files.example.test/a.pdf" });
  });

  it("refuses another invoice's number with 409 and changes nothing", async () => {
    const first = await create();
    const second = await create({ status: "draft" });
    const response = await admin.client.patch(`/api/invoices/${second.id}`, { invoiceNumber: first.invoiceNumber, amount: "1.00" });
    expect(response.status).toBe(409);
    expect(fields(response.problem)).toEqual(["invoiceNumber"]);
    expect((await admin.client.get(`/api/invoices/${second.id}`)).body).toEqual(withItsOneLine(second));
  });

  it("answers 403 to a customer (even with a bad body), 404 for an unknown invoice and 400 for an empty change", async () => {
    const invoice = await create();
    expect((await acme.customer.client.patch(`/api/invoices/${invoice.id}`, { status: "paid" })).status).toBe(403);
    expect((await acme.customer.client.patch(`/api/invoices/${invoice.id}`, { status: "nope" })).status).toBe(403);
    expect((await admin.client.get(`/api/invoices/${invoice.id}`)).body.status).toBe("unpaid");
    expect((await admin.client.patch(`/api/invoices/${crypto.randomUUID()}`, { status: "paid" })).status).toBe(404);
    expect((await admin.client.patch(`/api/invoices/${invoice.id}`, {})).status).toBe(400);
    expect((await server.anonymous().patch(`/api/invoices/${invoice.id}`, { status: "paid" })).status).toBe(401);
  });
});
