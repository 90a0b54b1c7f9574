import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RECURRING_COUNT_MAX, recurringMessages } from "@/shared/rules/recurring";
import * as server from "@/shared/schemas/recurring";
import * as web from "./recurring";

/**
 * The new-recurring-invoice form validates with a zod/mini copy of the server's schema (ADR 008):
 * for the same input, the same verdict, the same output and the same messages at the same paths,
 * as schemas.parity.test.ts holds the other forms' copies beside it.
 */
interface Parser {
  safeParse: (input: unknown) => { success: true; data: unknown } | { success: false; error: { issues: ReadonlyArray<{ code: string; path: PropertyKey[]; message: string }> } };
}

function outcome(schema: Parser, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: result.error.issues.map(({ code, path, message }) => ({ code, path, message })) };
}

const uuid = "3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b";
const line = { description: "Hosting", quantity: "1", unitPrice: "49.90", taxRate: "19" };
const valid = { companyId: uuid, lines: [line], frequency: "monthly", dayOfMonth: 15, startDate: "2027-01-01" };

const interesting: unknown[] = [
  undefined, null, true, false, 0, -1, 1, 1.5, 12, 28, 29, 30, 31, 32, 365, 366, RECURRING_COUNT_MAX, RECURRING_COUNT_MAX + 1, Number.NaN, {}, [],
  "", " ", "a", "  padded  ", "x".repeat(5000), "x".repeat(5001), ` ${"y".repeat(5000)} `, "line\u0007bell",
  uuid, uuid.toUpperCase(), "not-a-uuid",
  "2024-02-29", "2023-02-29", "2026-12-31", "2027-01-01", "2027-06-30", "2028-01-01", " 2027-01-01 ", "2027-1-1", "tomorrow",
  "monthly", "quarterly", "yearly", "weekly", "draft", "unpaid", "paid", "15", "1200",
  [line], [{ description: " ", quantity: "0", unitPrice: "-1", taxRate: "101" }], [{ description: "Big", quantity: "9999999", unitPrice: "9999999999.99", taxRate: null }],
];
const value = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...interesting) }, fc.string(), fc.integer(), fc.double());
const keys = ["companyId", "lines", "notes", "issueStatus", "dueDays", "frequency", "dayOfMonth", "startDate", "endDate", "count"] as const;

describe("the recurring invoice form's schema (zod/mini) matches the server's", () => {
  it("for any subset of the fields, drawn from the values that matter", () => {
    const record = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length });
    fc.assert(
      fc.property(fc.oneof({ weight: 9, arbitrary: record }, value), (input) => {
        expect(outcome(web.createRecurringInvoiceInputSchema, input)).toEqual(outcome(server.createRecurringInvoiceInputSchema, input));
      }),
      { numRuns: 1_500 },
    );
  });

  it("for a valid form with a field changed: both pass or refuse it alike", () => {
    const changed = fc.record({ key: fc.constantFrom(...keys), value }).map(({ key, value: changedTo }) => ({ ...valid, [key]: changedTo }));
    fc.assert(
      fc.property(changed, (input) => {
        expect(outcome(web.createRecurringInvoiceInputSchema, input)).toEqual(outcome(server.createRecurringInvoiceInputSchema, input));
      }),
      { numRuns: 1_500 },
    );
  });

  it("passes a complete form with the same output, and refuses an end before the start and an end with a count at the fields they name", () => {
    const full = { ...valid, notes: " Thanks ", issueStatus: "draft", dueDays: 14, endDate: "2027-12-31", count: null };
    expect(outcome(web.createRecurringInvoiceInputSchema, full)).toEqual(outcome(server.createRecurringInvoiceInputSchema, full));
    expect(outcome(web.createRecurringInvoiceInputSchema, full)).toMatchObject({ ok: true, data: { notes: "Thanks", issueStatus: "draft", lines: [{ taxRate: "19" }] } });
    const before = { ...valid, endDate: "2026-12-31" };
    expect(outcome(web.createRecurringInvoiceInputSchema, before)).toEqual(outcome(server.createRecurringInvoiceInputSchema, before));
    expect(outcome(web.createRecurringInvoiceInputSchema, before)).toMatchObject({ ok: false, issues: [{ path: ["endDate"], message: recurringMessages.endBeforeStart }] });
    const both = { ...valid, endDate: "2027-12-31", count: 12 };
    expect(outcome(web.createRecurringInvoiceInputSchema, both)).toEqual(outcome(server.createRecurringInvoiceInputSchema, both));
    expect(outcome(web.createRecurringInvoiceInputSchema, both)).toMatchObject({ ok: false, issues: [{ path: ["count"], message: recurringMessages.endOrCount }] });
  });
});
