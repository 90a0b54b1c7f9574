import { describe, expect, it } from "vitest";
import { invoiceMessages } from "@/shared/rules/invoice";
import { invoiceTextFields } from "@/shared/rules/invoice-fields";
import { moneyMessages } from "@/shared/rules/money";
import { recurringMessages } from "@/shared/rules/recurring";
import { createRecurringInvoiceInputSchema } from "@/shared/schemas/recurring";
import { ApiError } from "@/web/lib/api";
import { showServerFieldErrors } from "@/web/lib/form-errors";
import { emptyRecurringForm, recurringFormResolver, recurringInputOf, type RecurringFormValues } from "./recurring-form-values";

const today = "2026-12-03";
const company = "5f0c6d8e-4b7a-4c1e-9d2f-3a6b8c9d0e1f";
const filled = (changes: Partial<RecurringFormValues> = {}): RecurringFormValues => ({
  ...emptyRecurringForm(today),
  companyId: company,
  lines: [{ description: " Hosting ", quantity: "1", unitPrice: "49.90", taxRate: "19" }],
  ...changes,
});

const resolve = (values: RecurringFormValues) => recurringFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
/** Each field's first message, as the form shows it under the input. */
const messages = (errors: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(errors).map(([name, error]) =>
      Array.isArray(error)
        ? [name, error.map((line: Record<string, { message: string }> | undefined) => (line ? Object.fromEntries(Object.entries(line).map(([key, found]) => [key, found.message])) : line))]
        : [name, (error as { message: string }).message],
    ),
  );

describe("the new recurring invoice form", () => {
  it("starts with one line, issued unpaid, monthly on today's day from today, with no end", () => {
    expect(emptyRecurringForm(today)).toMatchObject({ issueStatus: "unpaid", frequency: "monthly", dayOfMonth: "3", startDate: today, endKind: "none", dueDays: "", lines: [{ quantity: "1" }] });
  });

  it("sends numbers for the day, the days to pay and the count, blank days to pay as none, and only the end chosen", () => {
    expect(recurringInputOf(filled({ dueDays: " 14 ", dayOfMonth: "31", endKind: "count", count: "12", endDate: "2027-12-31" }))).toEqual({
      companyId: company,
      lines: [{ description: " Hosting ", quantity: "1", unitPrice: "49.90", taxRate: "19" }],
      notes: "",
      issueStatus: "unpaid",
      dueDays: 14,
      frequency: "monthly",
      dayOfMonth: 31,
      startDate: today,
      endDate: null,
      count: 12,
    });
    expect(recurringInputOf(filled({ endKind: "date", endDate: "2027-12-31", count: "12" }))).toMatchObject({ endDate: "2027-12-31", count: null, dueDays: null });
    expect(recurringInputOf(filled({ endKind: "none", endDate: "2027-12-31", count: "12" }))).toMatchObject({ endDate: null, count: null });
    // A single amount is one "Services" line, as the server makes of an invoice's amount.
    expect(recurringInputOf(filled({ lines: [], amount: " 250 " })).lines).toEqual([{ description: "Services", quantity: "1", unitPrice: "250", taxRate: null }]);
  });

  it("hands on what the server's own schema accepts, trimmed, with an empty note as null", async () => {
    const values = filled({ dueDays: "14", endKind: "date", endDate: "2027-12-31", issueStatus: "draft" });
    const result = await resolve(values);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(createRecurringInvoiceInputSchema.parse(recurringInputOf(values)));
    expect(result.values).toMatchObject({ notes: null, lines: [{ description: "Hosting", taxRate: "19" }], dayOfMonth: 3, dueDays: 14, count: null });
  });

  it("names each problem at its input, in the server's words", async () => {
    const result = await resolve(
      filled({
        companyId: "",
        lines: [{ description: "", quantity: "0", unitPrice: "x", taxRate: "" }],
        notes: "n".repeat(invoiceTextFields.notes.max + 1),
        dueDays: "366",
        dayOfMonth: "32",
        startDate: "",
        endKind: "count",
        count: "",
      }),
    );
    expect(messages(result.errors)).toEqual({
      companyId: invoiceMessages.chooseCompany,
      lines: [{ description: moneyMessages.descriptionRequired, quantity: moneyMessages.quantity, unitPrice: moneyMessages.unitPrice }],
      notes: invoiceTextFields.notes.tooLong,
      dueDays: recurringMessages.dueDays,
      dayOfMonth: recurringMessages.dayOfMonth,
      startDate: recurringMessages.startDate,
      count: recurringMessages.count,
    });
    expect(messages((await resolve(filled({ dayOfMonth: "1.5", dueDays: "two" }))).errors)).toEqual({ dayOfMonth: recurringMessages.dayOfMonth, dueDays: recurringMessages.dueDays });
    expect(messages((await resolve(filled({ endKind: "date", endDate: "" }))).errors)).toEqual({ endDate: recurringMessages.endDate });
    expect(messages((await resolve(filled({ endKind: "date", endDate: "2026-12-02" }))).errors)).toEqual({ endDate: recurringMessages.endBeforeStart });
    expect(messages((await resolve(filled({ endKind: "count", count: "0" }))).errors)).toEqual({ count: recurringMessages.count });
  });

  it("puts a single amount's problems under the Amount, where the line editor shows it", async () => {
    expect(messages((await resolve(filled({ lines: [], amount: "" }))).errors)).toEqual({ amount: invoiceMessages.amountRequired });
    expect(messages((await resolve(filled({ lines: [], amount: "1.234" }))).errors)).toEqual({ amount: invoiceMessages.amountFormat });
    expect(messages((await resolve(filled({ lines: [], amount: "10000000000", dayOfMonth: "0" }))).errors)).toEqual({ amount: invoiceMessages.amountTooLarge, dayOfMonth: recurringMessages.dayOfMonth });
    expect((await resolve(filled({ lines: [], amount: "120" }))).values).toMatchObject({ lines: [{ description: "Services", unitPrice: "120" }] });
  });

  it("holds an input under each name the server's schema checks, so a 400's errors land under the inputs they name", () => {
    const form = emptyRecurringForm(today);
    expect(Object.keys(form)).toEqual(expect.arrayContaining(Object.keys(createRecurringInvoiceInputSchema.shape)));
    const shown: Record<string, string | undefined> = {};
    const refusal = new ApiError(400, {
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "companyId: No such company",
      errors: [
        { field: "companyId", message: "No such company" },
        { field: "count", message: recurringMessages.endOrCount },
      ],
    });
    showServerFieldErrors({ getValues: () => form, setError: (name, error) => void (shown[name] = error.message) }, refusal);
    expect(shown).toEqual({ companyId: "No such company", count: recurringMessages.endOrCount });
  });
});
