import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { InvoiceStatus } from "@/shared/enums";
import { invoiceLines, invoices } from "../../db/schema";
import { customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { todayIn } from "./overdue";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const acme = beforeAllTests(() => customerOfNewCompany(server, "Status Co"));
const other = beforeAllTests(() => customerOfNewCompany(server, "Other Co"));

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);
const threeLines = [
  { description: "Design", quantity: "1.5", unitPrice: "80.00", taxRate: "20" },
  { description: "Hosting", quantity: "12", unitPrice: "9.99" },
];
const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await admin.client.post("/api/invoices", invoiceBody(acme.company.id, overrides));
  expect(response.status).toBe(201);
  return response.body;
};
const detail = async (id: string) => (await admin.client.get(`/api/invoices/${id}`)).body;

const AMOUNTS = "An issued invoice keeps its amounts: void it and re-issue it to change them";
const IDENTITY = "An issued invoice keeps its number, company and issue date: void it and re-issue it";

describe("status transitions", () => {
  const allowed: [InvoiceStatus, InvoiceStatus][] = [
    ["draft", "unpaid"],
    ["draft", "paid"],
    ["draft", "void"],
    ["unpaid", "paid"],
    ["unpaid", "void"],
    ["paid", "unpaid"],
    ["paid", "void"],
    ["void", "unpaid"],
    ["void", "paid"],
  ];

  it.each(allowed)("lets %s become %s, keeping issuedAt, voidedAt and paidAt in step", async (from, to) => {
    const invoice = await create({ status: from });
    expect(invoice.issuedAt === null).toBe(from === "draft");
    const response = await admin.client.patch(`/api/invoices/${invoice.id}`, { status: to });
    expect(response.status).toBe(200);
    const after = response.body;
    expect(after.status).toBe(to);
    // Issued once, issued at that moment for good.
    if (from === "draft") expect(after.issuedAt).toEqual(expect.any(String));
    else expect(after.issuedAt).toBe(invoice.issuedAt);
    expect(after.voidedAt === null).toBe(to !== "void");
    expect(after.paidAt === null).toBe(to !== "paid");
  });

  it.each(["unpaid", "paid", "void"] as const)("refuses to turn a %s invoice back into a draft: 409 naming status, nothing changes", async (from) => {
    const invoice = await create({ status: from });
    const before = await detail(invoice.id);
    const response = await admin.client.patch(`/api/invoices/${invoice.id}`, { status: "draft", notes: "never stored" });
    expect(response.status).toBe(409);
    expect(response.problem.errors).toEqual([{ field: "status", message: "An issued invoice cannot go back to draft: void it and re-issue it" }]);
    expect(await detail(invoice.id)).toEqual(before);
  });

  it("keeps a draft a draft (issuedAt null) through edits, and creates unpaid by default", async () => {
    expect((await create()).status).toBe("unpaid");
    const draft = await create({ status: "draft" });
    const edited = await admin.client.patch(`/api/invoices/${draft.id}`, { status: "draft", notes: "still working on it" });
    expect(edited.body).toMatchObject({ status: "draft", issuedAt: null, notes: "still working on it" });
  });

  it("answers the database's CHECK for a draft with an issue time, so no path stores one", async () => {
    const draft = await create({ status: "draft" });
    await expect(server.deps.db.update(invoices).set({ issuedAt: new Date() }).where(eq(invoices.id, draft.id))).rejects.toThrow();
    const issued = await create();
    await expect(server.deps.db.update(invoices).set({ voidedAt: new Date() }).where(eq(invoices.id, issued.id))).rejects.toThrow();
  });
});

describe("editing after issue", () => {
  const locked: [string, (ctx: { otherCompany: string }) => Record<string, unknown>, string, string][] = [
    ["lines", () => ({ lines: [{ description: "More", quantity: "1", unitPrice: "1.00" }] }), "lines", AMOUNTS],
    ["amount", () => ({ amount: "1.00" }), "amount", AMOUNTS],
    ["companyId", ({ otherCompany }) => ({ companyId: otherCompany }), "companyId", IDENTITY],
    ["invoiceNumber", () => ({ invoiceNumber: `NEW-${crypto.randomUUID().slice(0, 8)}` }), "invoiceNumber", IDENTITY],
    ["issueDate", () => ({ issueDate: "2026-02-01" }), "issueDate", IDENTITY],
  ];

  for (const status of ["unpaid", "paid", "void"] as const) {
    it.each(locked)(`refuses a change of %s on a ${status} invoice: 409 naming it, nothing changes`, async (_, change, field, message) => {
      const invoice = await create({ status, amount: undefined, lines: threeLines });
      const before = await detail(invoice.id);
      const response = await admin.client.patch(`/api/invoices/${invoice.id}`, { ...change({ otherCompany: other.company.id }), notes: "never stored" });
      expect(response.status).toBe(409);
      expect(response.problem.errors).toEqual([{ field, message }]);
      expect(await detail(invoice.id)).toEqual(before);
    });
  }

  it("names every locked field of one refused edit", async () => {
    const invoice = await create();
    const response = await admin.client.patch(`/api/invoices/${invoice.id}`, { amount: "5.00", invoiceNumber: "CHANGED-1", issueDate: "2026-01-01" });
    expect(response.status).toBe(409);
    expect(fields(response.problem).sort()).toEqual(["amount", "invoiceNumber", "issueDate"]);
  });

  it("accepts the stored values sent back unchanged, as an edit form sends them, and edits the due date, notes, PDF link and status", async () => {
    const invoice = await create({ amount: undefined, lines: threeLines });
    const response = await admin.client.patch(`/api/invoices/${invoice.id}`, {
      companyId: acme.company.id,
      invoiceNumber: ` ${invoice.invoiceNumber} `,
      issueDate: invoice.issueDate,
      lines: [
        { description: "Design", quantity: 1.5, unitPrice: "80", taxRate: "20.00" },
        { description: "Hosting", quantity: "12.000", unitPrice: "9.99", taxRate: null },
      ],
      dueDate: "2026-04-30",
      notes: "Paid by transfer",
      pdfUrl: "https://files.example.test/inv.pdf",
      status: "paid",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ amount: invoice.amount, dueDate: "2026-04-30", notes: "Paid by transfer", pdfUrl: "https://files.example.test/inv.pdf", status: "paid" });
  });

  it("lets a draft change every field, its company too", async () => {
    const draft = await create({ status: "draft" });
    const number = `DRAFT-${crypto.randomUUID().slice(0, 8)}`;
    const response = await admin.client.patch(`/api/invoices/${draft.id}`, {
      companyId: other.company.id,
      invoiceNumber: number,
      issueDate: "2026-05-01",
      lines: threeLines,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ company: { id: other.company.id }, invoiceNumber: number, issueDate: "2026-05-01", amount: "263.88", status: "draft" });
  });

  it("refuses to move a draft to a company that does not exist (400 naming companyId)", async () => {
    const draft = await create({ status: "draft" });
    const response = await admin.client.patch(`/api/invoices/${draft.id}`, { companyId: crypto.randomUUID() });
    expect(response.status).toBe(400);
    expect(fields(response.problem)).toEqual(["companyId"]);
  });
});

describe("POST /api/invoices/:id/reissue", () => {
  it("copies an unpaid invoice into a draft under the next number, and voids the original when the copy is issued", async () => {
    const original = await create({ amount: undefined, lines: threeLines, notes: "Thanks", dueDate: "2999-01-31", pdfUrl: "https://files.example.test/o.pdf" });
    const next = (await admin.client.get("/api/invoices/next-number")).body.invoiceNumber;
    const response = await admin.client.post(`/api/invoices/${original.id}/reissue`);
    expect(response.status).toBe(201);
    const copy = response.body;
    expect(copy).toMatchObject({
      status: "draft",
      issuedAt: null,
      replacesId: original.id,
      invoiceNumber: next,
      issueDate: todayIn(server.deps.env.TIME_ZONE),
      dueDate: "2999-01-31",
      notes: "Thanks",
      pdfUrl: null,
      amount: original.amount,
      company: { id: acme.company.id },
    });
    const strip = (lines: { id: string }[]) => lines.map(({ id: _, ...line }) => line);
    expect(strip((await detail(copy.id)).lines)).toEqual(strip((await detail(original.id)).lines));
    // The admin sees the draft replacement; the customer sees neither it nor that it exists.
    expect((await detail(original.id)).replacedBy).toEqual({ id: copy.id, invoiceNumber: next });
    expect((await acme.customer.client.get(`/api/invoices/${original.id}`)).body.replacedBy).toBeNull();
    expect((await detail(original.id)).status).toBe("unpaid");

    const issued = await admin.client.patch(`/api/invoices/${copy.id}`, { status: "unpaid" });
    expect(issued.status).toBe(200);
    const voided = await detail(original.id);
    expect(voided).toMatchObject({ status: "void", voidedAt: expect.any(String), replacedBy: { id: copy.id, invoiceNumber: next } });
    expect((await acme.customer.client.get(`/api/invoices/${original.id}`)).body.replacedBy).toEqual({ id: copy.id, invoiceNumber: next });
  });

  it("re-issues a void invoice too, leaves an already void original as it was, and drops a due date already past", async () => {
    const original = await create({ status: "void", dueDate: "2026-03-31" });
    const voidedAt = (await detail(original.id)).voidedAt;
    const copy = (await admin.client.post(`/api/invoices/${original.id}/reissue`)).body;
    expect(copy).toMatchObject({ status: "draft", dueDate: null, replacesId: original.id });
    await admin.client.patch(`/api/invoices/${copy.id}`, { status: "paid" });
    expect(await detail(original.id)).toMatchObject({ status: "void", voidedAt });
  });

  it("copies an invoice stored without lines (seeded straight into the table) as one line of its total", async () => {
    const [row] = await server.deps.db
      .insert(invoices)
      .values({ companyId: acme.company.id, invoiceNumber: `RAW-${crypto.randomUUID().slice(0, 8)}`, amount: "12.34", subtotal: "12.34", tax: "0.00", issueDate: "2026-04-01", issuedAt: new Date() })
      .returning({ id: invoices.id });
    const response = await admin.client.post(`/api/invoices/${row!.id}/reissue`);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ amount: "12.34", status: "draft" });
    expect((await detail(response.body.id)).lines).toMatchObject([{ description: "Services", unitPrice: "12.34", total: "12.34" }]);
  });

  it.each(["draft", "paid"] as const)("refuses to re-issue a %s invoice: 409 naming status, nothing created", async (status) => {
    const invoice = await create({ status });
    const before = (await server.deps.db.select({ n: count() }).from(invoices))[0]!.n;
    const response = await admin.client.post(`/api/invoices/${invoice.id}/reissue`);
    expect(response.status).toBe(409);
    expect(response.problem.errors).toEqual([{ field: "status", message: "Only an unpaid or void invoice can be re-issued" }]);
    expect((await server.deps.db.select({ n: count() }).from(invoices))[0]!.n).toBe(before);
  });

  it("answers 403 to a customer, 404 for an unknown invoice and 401 to an anonymous caller", async () => {
    const invoice = await create();
    expect((await acme.customer.client.post(`/api/invoices/${invoice.id}/reissue`)).status).toBe(403);
    expect((await admin.client.post(`/api/invoices/${crypto.randomUUID()}/reissue`)).status).toBe(404);
    expect((await server.anonymous().post(`/api/invoices/${invoice.id}/reissue`)).status).toBe(401);
  });
});

describe("DELETE /api/invoices/:id", () => {
  it("deletes a draft with its lines", async () => {
    const draft = await create({ status: "draft", amount: undefined, lines: threeLines });
    const response = await admin.client.delete(`/api/invoices/${draft.id}`);
    expect(response.status).toBe(204);
    expect((await admin.client.get(`/api/invoices/${draft.id}`)).status).toBe(404);
    expect((await server.deps.db.select({ n: count() }).from(invoiceLines).where(eq(invoiceLines.invoiceId, draft.id)))[0]!.n).toBe(0);
  });

  it.each(["unpaid", "paid", "void"] as const)("refuses to delete a %s invoice: 409 naming status, nothing changes", async (status) => {
    const invoice = await create({ status });
    const before = await detail(invoice.id);
    const response = await admin.client.delete(`/api/invoices/${invoice.id}`);
    expect(response.status).toBe(409);
    expect(response.problem.errors).toEqual([{ field: "status", message: "An issued invoice cannot be deleted: void it instead" }]);
    expect(await detail(invoice.id)).toEqual(before);
  });

  it("answers 403 to a customer, 404 for an unknown invoice and 401 to an anonymous caller", async () => {
    const draft = await create({ status: "draft" });
    expect((await acme.customer.client.delete(`/api/invoices/${draft.id}`)).status).toBe(403);
    expect((await admin.client.delete(`/api/invoices/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await server.anonymous().delete(`/api/invoices/${draft.id}`)).status).toBe(401);
    expect((await detail(draft.id)).status).toBe("draft");
  });
});
