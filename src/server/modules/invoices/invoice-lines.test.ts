import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceLines, invoices } from "../../db/schema";
import { customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const acme = beforeAllTests(() => customerOfNewCompany(server, "Lines Ltd"));

const rowCounts = async () => ({
  invoices: (await server.deps.db.select({ n: count() }).from(invoices))[0]!.n,
  lines: (await server.deps.db.select({ n: count() }).from(invoiceLines))[0]!.n,
});
const fields = (body: { errors?: { field: string }[] }) => [...new Set((body.errors ?? []).map((e) => e.field.split(".")[0]))];

const threeLines = [
  { description: "Design", quantity: "1.5", unitPrice: "80.00", taxRate: "20" },
  { description: "Hosting", quantity: 12, unitPrice: 9.99 },
  { description: "  Domain  ", quantity: "1", unitPrice: "0.00", taxRate: null },
];

describe("invoice lines", () => {
  it("computes the totals on the server and answers the lines in order on the detail", async () => {
    const created = await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { amount: undefined, lines: threeLines, notes: "Thanks!" }));
    expect(created.status).toBe(201);
    // 1.5 × 80 = 120.00 (+24.00 tax), 12 × 9.99 = 119.88, 1 × 0.00 = 0.00.
    expect(created.body).toMatchObject({ subtotal: "239.88", tax: "24.00", amount: "263.88", notes: "Thanks!", currency: "USD", overdue: false, paidAt: null });
    const detail = await admin.client.get(`/api/invoices/${created.body.id}`);
    expect(detail.body.lines).toEqual([
      { id: expect.any(String), description: "Design", quantity: "1.500", unitPrice: "80.00", taxRate: "20.00", total: "120.00", tax: "24.00" },
      { id: expect.any(String), description: "Hosting", quantity: "12.000", unitPrice: "9.99", taxRate: null, total: "119.88", tax: "0.00" },
      { id: expect.any(String), description: "Domain", quantity: "1.000", unitPrice: "0.00", taxRate: null, total: "0.00", tax: "0.00" },
    ]);
    // The customer reads the same detail; the list carries no lines.
    expect((await acme.customer.client.get(`/api/invoices/${created.body.id}`)).body).toEqual(detail.body);
    const listed = (await acme.customer.client.get("/api/invoices")).body.items.find((item: { id: string }) => item.id === created.body.id);
    expect(listed).not.toHaveProperty("lines");
    expect(listed).toMatchObject({ amount: "263.88", subtotal: "239.88", tax: "24.00" });
  });

  it("replaces a draft's lines on PATCH and recomputes; an amount makes one Services line", async () => {
    const created = (await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { status: "draft" }))).body;
    const edited = await admin.client.patch(`/api/invoices/${created.id}`, { lines: [{ description: "Audit", quantity: "2", unitPrice: "10.00", taxRate: "7.5" }] });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ subtotal: "20.00", tax: "1.50", amount: "21.50" });
    expect((await admin.client.get(`/api/invoices/${created.id}`)).body.lines).toHaveLength(1);
    const byAmount = await admin.client.patch(`/api/invoices/${created.id}`, { amount: "42.10" });
    expect(byAmount.body).toMatchObject({ subtotal: "42.10", tax: "0.00", amount: "42.10" });
    expect((await admin.client.get(`/api/invoices/${created.id}`)).body.lines).toMatchObject([{ description: "Services", unitPrice: "42.10", total: "42.10" }]);
  });

  const line = { description: "Work", quantity: "1", unitPrice: "10.00" };
  const refusals: [string, Record<string, unknown>, string][] = [
    ["a negative quantity", { lines: [{ ...line, quantity: "-1" }] }, "lines"],
    ["a zero quantity", { lines: [{ ...line, quantity: "0" }] }, "lines"],
    ["a negative price", { lines: [{ ...line, unitPrice: "-5.00" }] }, "lines"],
    ["3 decimals on a price", { lines: [{ ...line, unitPrice: "1.005" }] }, "lines"],
    ["a tax rate over 100", { lines: [{ ...line, taxRate: "100.01" }] }, "lines"],
    ["201 lines", { lines: Array.from({ length: 201 }, () => line) }, "lines"],
    ["a total beyond numeric(12,2)", { lines: [{ ...line, quantity: "9999999", unitPrice: "9999.99" }] }, "lines"],
    ["a blank description", { lines: [{ ...line, description: "   " }] }, "lines"],
    ["no lines", { lines: [] }, "lines"],
    ["both amount and lines", { amount: "10.00", lines: [line] }, "lines"],
    ["notes over 5,000 characters", { lines: [line], notes: "n".repeat(5001) }, "notes"],
  ];

  it.each(refusals)("refuses %s with 400 naming the field, and stores nothing", async (_, overrides, field) => {
    const before = await rowCounts();
    const response = await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { amount: undefined, ...overrides }));
    expect(response.status).toBe(400);
    expect(fields(response.problem)).toContain(field);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses an invoice with neither amount nor lines, naming both", async () => {
    const response = await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { amount: undefined }));
    expect(response.status).toBe(400);
    expect(fields(response.problem)).toEqual(expect.arrayContaining(["amount", "lines"]));
  });

  it.each(refusals.filter(([name]) => name !== "no lines"))("refuses %s on PATCH and changes nothing", async (_, overrides, field) => {
    const created = (await admin.client.post("/api/invoices", invoiceBody(acme.company.id))).body;
    const detail = (await admin.client.get(`/api/invoices/${created.id}`)).body;
    const response = await admin.client.patch(`/api/invoices/${created.id}`, overrides);
    expect(response.status).toBe(400);
    expect(fields(response.problem)).toContain(field);
    expect((await admin.client.get(`/api/invoices/${created.id}`)).body).toEqual(detail);
  });

  it("records when and by whom an invoice was paid, clears it when unpaid, and locks a paid invoice's lines and amount (409)", async () => {
    const created = (await admin.client.post("/api/invoices", invoiceBody(acme.company.id))).body;
    const paid = await admin.client.patch(`/api/invoices/${created.id}`, { status: "paid" });
    expect(paid.body.paidAt).toEqual(expect.any(String));
    const [row] = await server.deps.db.select({ paidBy: invoices.paidBy }).from(invoices).where(eq(invoices.id, created.id));
    expect(row!.paidBy).toBe(admin.id);
    const detail = (await admin.client.get(`/api/invoices/${created.id}`)).body;
    for (const [change, field] of [[{ lines: [line] }, "lines"], [{ amount: "1.00" }, "amount"]] as const) {
      const refused = await admin.client.patch(`/api/invoices/${created.id}`, change);
      expect(refused.status).toBe(409);
      expect(refused.problem.errors).toEqual([{ field, message: "An issued invoice keeps its amounts: void it and re-issue it to change them" }]);
      expect((await admin.client.get(`/api/invoices/${created.id}`)).body).toEqual(detail);
    }
    const unpaid = await admin.client.patch(`/api/invoices/${created.id}`, { status: "unpaid" });
    expect(unpaid.body.paidAt).toBeNull();
    const [cleared] = await server.deps.db.select({ paidBy: invoices.paidBy }).from(invoices).where(eq(invoices.id, created.id));
    expect(cleared!.paidBy).toBeNull();
  });
});
