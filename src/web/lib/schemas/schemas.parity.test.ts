import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceTextFieldNames } from "@/shared/rules/invoice-fields";
import { projectForms } from "@/shared/rules/project";
import { ticketForms } from "@/shared/rules/ticket";
import * as serverInvoice from "@/shared/schemas/invoice";
import * as serverProject from "@/shared/schemas/project";
import * as serverTicket from "@/shared/schemas/ticket";
import * as webInvoice from "./invoice";
import * as webProject from "./project";
import * as webTicket from "./ticket";

/**
 * The web forms validate with zod/mini copies of the server's schemas (ADR 008). These tests hold
 * the copies to the originals: for the same input, the same verdict, the same output and the same
 * messages at the same paths. Limits and messages come from src/shared/rules, declared once; a
 * rule changed on one side only fails here.
 */
interface Parser {
  safeParse: (input: unknown) => { success: true; data: unknown } | { success: false; error: { issues: ReadonlyArray<{ code: string; path: PropertyKey[]; message: string }> } };
}

function outcome(schema: Parser, input: unknown) {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, issues: result.error.issues.map(({ code, path, message }) => ({ code, path, message })) };
}

const uuid = "3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b";
const lengths = [1, 49, 50, 51, 99, 100, 101, 127, 128, 129, 199, 200, 201, 253, 254, 255, 999, 1000, 1001, 2048, 9_999, 10_000, 10_001];
const interesting: unknown[] = [
  undefined, null, true, 0, -1, 1.5, 12.5, 0.1 + 0.2, 25_000, Number.NaN, {}, [],
  "", " ", "   ", "a", "  padded  ", "\t\n",
  ...lengths.map((n) => "x".repeat(n)),
  ...lengths.map((n) => ` ${"y".repeat(n)} `),
  "12345", "123456", "a@b.co", " a@b.co ", "Name@Example.COM", "not-an-email", "a@b", `${"m".repeat(250)}@b.co`,
  uuid, uuid.toUpperCase(), ` ${uuid} `, "not-a-uuid", "00000000-0000-0000-0000-000000000000",
  "2024-02-29", "2023-02-29", "2024-01-01", "2024-12-31", " 2024-06-15 ", "2024-1-1", "2024-13-01", "tomorrow",
  "0", "0.5", "1.55", "1.555", "-1", "1e3", "12345678901", "1234567890.99", " 42 ", "4 2",
  "https://example.com/a.pdf", "http://example.com", "HTTPS://EXAMPLE.COM/x", "ftp://example.com/a.pdf", "javascript:alert(1)",
  "https://evil.test\\@files.example.com/x.pdf", "https://files.example.com@evil.test/a.pdf", "https://user:pw@example.com/a.pdf", "https://example.com/a b.pdf",
  `https://example.com/${"p".repeat(2040)}`, "example.com",
  [{ description: "Design", quantity: "2", unitPrice: "150" }], [{ description: " ", quantity: "0", unitPrice: "-1", taxRate: "101" }],
  [{ description: "Big", quantity: "9999999", unitPrice: "9999999999.99", taxRate: null }], "7.5", "100.01",
  "active", "on_hold", "completed", "paused", "pending", "doing", "done", "low", "medium", "high", "urgent", "unpaid", "paid", "partially_paid", "void", "draft", false,
];
const value = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...interesting) }, fc.string(), fc.integer(), fc.double());

/** Objects with any subset of `keys`, each drawn from the pool above, and now and then not an object at all. */
function inputs(keys: readonly string[]) {
  if (keys.length === 0) return value;
  const record = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length });
  return fc.oneof({ weight: 9, arbitrary: record }, value);
}

function expectSameRules(web: Parser, server: Parser, keys: readonly string[]) {
  fc.assert(
    fc.property(inputs(keys), (input) => {
      expect(outcome(web, input)).toEqual(outcome(server, input));
    }),
    { numRuns: 1_500 },
  );
}

describe("web form schemas (zod/mini) match the server's", () => {
  // The customer's forms (company profile, new ticket, comment) check by hand: lib/text-rules.test.ts.
  it("edited ticket", () => {
    expectSameRules(webTicket.updateTicketInputSchema, serverTicket.updateTicketInputSchema, ticketForms.update.fields);
  });

  it("new and edited project", () => {
    expectSameRules(webProject.createProjectInputSchema, serverProject.createProjectInputSchema, projectForms.create.fields);
    expectSameRules(webProject.updateProjectInputSchema, serverProject.updateProjectInputSchema, projectForms.update.fields);
  });

  it("new invoice, amounts included", () => {
    expectSameRules(webInvoice.createInvoiceInputSchema, serverInvoice.createInvoiceInputSchema, [
      "companyId", "invoiceNumber", "amount", "lines", ...invoiceTextFieldNames, "issueDate", "dueDate", "pdfUrl", "status", "allowPartialPayment",
    ]);
    // One line of the line editor, field by field.
    expectSameRules(webInvoice.invoiceLineInputSchema, serverInvoice.invoiceLineInputSchema, ["description", "quantity", "unitPrice", "taxRate"]);
    // A lone amount, as the field sends it (a string, or a number from a number input).
    expectSameRules(webInvoice.amountInputSchema, serverInvoice.amountInputSchema, []);
  });

  it("a complete valid form passes both, with the same output", () => {
    const invoice = { companyId: uuid, invoiceNumber: " INV-1 ", amount: 12.5, issueDate: "2024-01-01", dueDate: "", pdfUrl: "https://example.com/a.pdf" };
    expect(outcome(webInvoice.createInvoiceInputSchema, invoice)).toEqual(outcome(serverInvoice.createInvoiceInputSchema, invoice));
    expect(outcome(webInvoice.createInvoiceInputSchema, invoice).ok).toBe(true);
    const project = { name: "Site", startDate: "2024-01-02", endDate: "2024-01-01", assignedTo: "" };
    expect(outcome(webProject.updateProjectInputSchema, project)).toEqual(outcome(serverProject.updateProjectInputSchema, project));
    expect(outcome(webProject.updateProjectInputSchema, project).ok).toBe(false);
  });
});
