import { describe, expect, it } from "vitest";
import { invoiceFormResolver } from "./invoice-form-resolver";
import { emptyInvoiceForm, invoiceChangesOf, invoiceFormValuesOf, type InvoiceFormValues, type InvoiceSubmit } from "./invoice-form-values";
import { countableLines, emptyLine } from "./invoice-line-values";

const companyId = "3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b";
const filled = (changes: Partial<InvoiceFormValues>): InvoiceFormValues => ({ ...emptyInvoiceForm(), companyId, invoiceNumber: "INV-1", issueDate: "2026-01-01", ...changes });
const resolve = (values: InvoiceFormValues) => invoiceFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the invoice dialogs' checks", () => {
  it("send the single amount and no lines when there are none", async () => {
    const result = await resolve(filled({ amount: "12.5" }));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ amount: "12.5", notes: null });
    expect(result.values).not.toHaveProperty("lines", expect.anything());
  });

  it("send the lines and no amount when itemized, whatever the Amount input still holds", async () => {
    const line = { description: " Design ", quantity: "2", unitPrice: "150", taxRate: "" };
    const result = await resolve(filled({ amount: "999", lines: [line], notes: " Thanks " }));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ lines: [{ description: "Design", quantity: "2", unitPrice: "150", taxRate: null }], notes: "Thanks" });
    expect((result.values as InvoiceSubmit).amount).toBeUndefined();
  });

  it("name each line's wrong field by the server's rules", async () => {
    const result = await resolve(filled({ lines: [{ description: "", quantity: "0", unitPrice: "1.555", taxRate: "101" }] }));
    const errors = result.errors.lines as unknown as Array<Record<string, { message: string }>>;
    expect(errors[0]!.description!.message).toBe("Description is required");
    expect(errors[0]!.quantity!.message).toMatch(/Quantity/);
    expect(errors[0]!.unitPrice!.message).toMatch(/Unit price/);
    expect(errors[0]!.taxRate!.message).toMatch(/Tax rate/);
  });

  it("keep 'Amount is required' for an empty single amount", async () => {
    const result = await resolve(filled({ amount: "" }));
    expect(result.errors.amount?.message).toBe("Amount is required");
  });
});

describe("the totals preview's lines", () => {
  it("leaves out a line still being typed instead of failing on it", () => {
    expect(countableLines([emptyLine(), { description: "", quantity: "1.", unitPrice: "2", taxRate: "" }])).toEqual([]);
    expect(countableLines([{ description: "x", quantity: "1.5", unitPrice: "80.33", taxRate: " 7.5 " }])).toEqual([{ quantity: "1.5", unitPrice: "80.33", taxRate: "7.5" }]);
  });
});

describe("an edit's change", () => {
  const stored = filled({ amount: "1500.50", status: "draft" });
  const base = { companyId, invoiceNumber: "INV-1", issueDate: "2026-01-01", status: "draft" as const };
  const draft = { issued: false };

  it("leaves out an amount equal to the stored one", () => {
    expect(invoiceChangesOf({ ...base, amount: "1500.5" }, stored, draft)).not.toHaveProperty("amount");
    expect(invoiceChangesOf({ ...base, amount: "1500.51" }, stored, draft)).toMatchObject({ amount: "1500.51" });
  });

  it("sends lines only when they differ from the stored ones", () => {
    const line = { description: "Design", quantity: "2.000", unitPrice: "150.00", taxRate: "" };
    const itemized = filled({ lines: [line] });
    expect(invoiceChangesOf({ ...base, lines: [{ ...line, taxRate: null }] }, itemized, draft)).not.toHaveProperty("lines");
    expect(invoiceChangesOf({ ...base, lines: [{ ...line, quantity: "3", taxRate: null }] }, itemized, draft)).toHaveProperty("lines");
  });

  it("sends a draft's company only when another one was chosen", () => {
    const other = "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d";
    expect(invoiceChangesOf({ ...base, amount: "1" }, stored, draft)).not.toHaveProperty("companyId");
    expect(invoiceChangesOf({ ...base, companyId: other, amount: "1" }, stored, draft)).toMatchObject({ companyId: other });
  });

  it("sends an issued invoice's due date, notes, PDF URL and status only: the rest is fixed (409 otherwise)", () => {
    const change = invoiceChangesOf({ ...base, invoiceNumber: "INV-2", status: "paid", amount: "9", dueDate: "2026-02-01", notes: "n", pdfUrl: null }, stored, { issued: true });
    expect(change).toEqual({ dueDate: "2026-02-01", notes: "n", pdfUrl: null, status: "paid" });
  });

  it("leaves the status out where the screen changes it with its own buttons", () => {
    expect(invoiceChangesOf({ ...base, amount: "1", dueDate: null }, stored, { issued: true, withStatus: false })).not.toHaveProperty("status");
    expect(invoiceChangesOf({ ...base, amount: "1" }, stored, { issued: false, withStatus: false })).not.toHaveProperty("status");
  });

  it("sends whether partial payments are allowed, also on an issued invoice", () => {
    const change = invoiceChangesOf({ ...base, amount: "1", allowPartialPayment: true }, stored, { issued: true, withStatus: false });
    expect(change).toEqual({ allowPartialPayment: true });
  });
});

describe("a stored invoice in the form", () => {
  it("starts a new invoice with partial payments off", () => {
    expect(emptyInvoiceForm().allowPartialPayment).toBe(false);
  });

  it("checks the box as sent, as a boolean", async () => {
    const result = await resolve(filled({ amount: "12.5", allowPartialPayment: true }));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ allowPartialPayment: true });
  });

  it("holds a partially paid invoice's stored status, unpaid, never partially_paid", () => {
    const base = { ...filled({}), id: "x", amount: "100.00", status: "partially_paid" as const, allowPartialPayment: true, dueDate: null, pdfUrl: null, company: { id: companyId, name: "Acme" }, lines: [] };
    const values = invoiceFormValuesOf(base as unknown as Parameters<typeof invoiceFormValuesOf>[0]);
    expect(values.status).toBe("unpaid");
    expect(values.allowPartialPayment).toBe(true);
  });
});
