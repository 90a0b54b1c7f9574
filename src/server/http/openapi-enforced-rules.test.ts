import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { requiredHeaders, servedRequests } from "@/server/test/contract/request-schemas";
import { companyProfileInputSchema } from "@/shared/schemas/company";
import { createInvoiceInputSchema, updateInvoiceInputSchema } from "@/shared/schemas/invoice";
import { disableTwoFactorInputSchema, verifyBackupCodeInputSchema, verifyTotpInputSchema } from "@/shared/schemas/auth";
import { createApiTokenSchema } from "@/shared/schemas/api-token";
import { updateProjectInputSchema } from "@/shared/schemas/project";
import { updateTicketInputSchema } from "@/shared/schemas/ticket";
import { updateWebhookInputSchema } from "@/shared/schemas/webhook";
import { updateTimeEntryInputSchema } from "@/shared/schemas/time-entry";
import { updateQuoteInputSchema } from "@/shared/schemas/quote";
import { changeMemberInputSchema } from "@/shared/schemas/member";
import type { z } from "zod";

/**
 * The served document says what the server enforces (ADR 018, amended): each rule a zod schema
 * checks with a refinement or after a transform reaches the document as JSON Schema (`pattern`,
 * `enum`, `minProperties`, `oneOf`, `minimum`), or as prose where JSON Schema cannot say it. Each
 * test holds the document's verdict on a value to the server's schema (what the route validates
 * with), and where it matters to the server itself.
 */
const server = serverForFile();
const requests = beforeAllTests(() => servedRequests(server.baseUrl));
const admin = beforeAllTests(() => server.createUser({ admin: true }));

/** The document and the zod schema agree on every value: valid in one exactly when valid in the other. */
function expectAgreement(operationId: string, schema: z.ZodType, bodies: unknown[]) {
  const verdicts = bodies.map((body) => ({ body, document: requests.checkBody(operationId, body).valid, server: schema.safeParse(body).success }));
  expect(verdicts.filter((verdict) => verdict.document !== verdict.server)).toEqual([]);
}

/** Every body the document calls valid, the server's schema takes (fast-check, fixed seed). */
function expectDocumentNeverLooser(operationId: string, schema: z.ZodType, bodies: fc.Arbitrary<unknown>) {
  fc.assert(
    fc.property(bodies, (body) => !requests.checkBody(operationId, body).valid || schema.safeParse(body).success),
    { seed: 20261129, numRuns: 500 },
  );
}

const profile = (contactEmail: unknown) => ({ name: "Acme", contactEmail });

describe("the served document says what the server enforces", () => {
  it("refuses a contactEmail the server refuses, and allows a blank one", () => {
    expectAgreement("saveMyCompany", companyProfileInputSchema, [
      profile("not an email"),
      profile("a@b"),
      profile("x!y@example.com"),
      profile("ann@example.com"),
      profile(""),
      profile(null),
      { name: "Acme" },
    ]);
  });

  it("publishes the server's stricter email pattern on every email field of a request", () => {
    // `format: email` alone allows these two; the server's check (zod's) does not.
    const stricter = ["x!y@example.com", "ann@example.c0m"];
    for (const email of stricter) {
      expect(requests.checkBody("inviteAdmin", { email }).valid, email).toBe(false);
      expect(requests.checkBody("signUp", { name: "Ann", email, password: "correct-horse-1" }).valid, email).toBe(false);
      expect(requests.checkBody("signIn", { email, password: "x" }).valid, email).toBe(false);
    }
    expect(requests.checkBody("inviteAdmin", { email: "ann@example.com" }).valid).toBe(true);
  });

  it("gives the two-factor codes their pattern as typed, spaces included", () => {
    const codes = ["123456", "123 456", " 12 34 56 ", "12345", "1234567", "12a456", "ABcd1-23EfG", "ABcd1 - 23EfG", "ABcd1-23Ef", "ABcd123EfG", ""];
    expectAgreement("verifyTotp", verifyTotpInputSchema, codes.map((code) => ({ code })));
    expectAgreement("verifyBackupCode", verifyBackupCodeInputSchema, codes.map((code) => ({ code })));
    expectAgreement("disableTwoFactor", disableTwoFactorInputSchema, codes.map((code) => ({ password: "pw", code })));
    const typed = fc.string({ unit: fc.constantFrom("1", "7", "a", "Z", "-", " ", "\t"), maxLength: 14 }).map((code) => ({ code }));
    expectDocumentNeverLooser("verifyTotp", verifyTotpInputSchema, typed);
    expectDocumentNeverLooser("verifyBackupCode", verifyBackupCodeInputSchema, typed);
  });

  it("lists every lifetime an API token may have", () => {
    const token = (expiresInDays: unknown) => ({ name: "CI", scope: "read", expiresInDays });
    expectAgreement("createApiToken", createApiTokenSchema, [30, 90, 365, null, 60, 0, "30"].map(token));
  });

  it("refuses an empty body to a PATCH exactly where the server does", async () => {
    const patches = requests.operations.filter((operation) => operation.method === "PATCH").map((operation) => operation.operationId);
    const schemas: Record<string, z.ZodType> = {
      updateProject: updateProjectInputSchema,
      updateTicket: updateTicketInputSchema,
      updateInvoice: updateInvoiceInputSchema,
      updateWebhook: updateWebhookInputSchema,
      changeMemberRole: changeMemberInputSchema,
      updateTimeEntry: updateTimeEntryInputSchema,
      updateQuote: updateQuoteInputSchema,
    };
    // A PATCH added to the API belongs in this list.
    expect(patches.sort()).toEqual(Object.keys(schemas).sort());
    for (const operationId of patches) expectAgreement(operationId, schemas[operationId]!, [{}]);
    const company = await admin.client.post("/api/companies", { name: "Patch Co" });
    const project = await admin.client.post("/api/projects", { companyId: company.body.id, name: "Patch project" });
    const answer = await admin.client.patch(`/api/projects/${project.body.id}`, {});
    expect(answer.status).toBe(400);
  });

  it("prices an invoice by an amount or by lines, never both, in JSON Schema", () => {
    const base = { companyId: "6f1c1f34-3d5e-4a8b-9a59-0d2f8c5b7a11", invoiceNumber: "INV-1", issueDate: "2026-03-01" };
    const line = { description: "Work", quantity: "2", unitPrice: "50.00" };
    expectAgreement("createInvoice", createInvoiceInputSchema, [
      { ...base, amount: "10.00" },
      { ...base, lines: [line] },
      { ...base, amount: "10.00", lines: [line] },
      base,
    ]);
    expectAgreement("updateInvoice", updateInvoiceInputSchema, [{ amount: "10.00" }, { lines: [line] }, { amount: "10.00", lines: [line] }, { notes: "x" }]);
  });

  it("gives amount, quantity, unit price and tax rate the server's pattern and bounds", () => {
    const base = { companyId: "6f1c1f34-3d5e-4a8b-9a59-0d2f8c5b7a11", invoiceNumber: "INV-1", issueDate: "2026-03-01" };
    const amounts = ["0", "12.5", "12.50", "9999999999.99", "12345678901", "1.234", "-1", "1e3", "", " ", "abc", 12.5, 0, -1, 0.1 + 0.2, 1e21];
    expectAgreement("createInvoice", createInvoiceInputSchema, amounts.map((amount) => ({ ...base, amount })));
    const lineValues = ["1", "0", "0.001", "0.0001", "2.5", "9999999", "10000000", "-1", "x", 3, 0, 2.5];
    const lines = (field: string) => lineValues.map((value) => ({ ...base, lines: [{ description: "Work", quantity: "1", unitPrice: "1.00", [field]: value }] }));
    expectAgreement("createInvoice", createInvoiceInputSchema, lines("quantity"));
    expectAgreement("createInvoice", createInvoiceInputSchema, lines("unitPrice"));
    expectAgreement("createInvoice", createInvoiceInputSchema, ["0", "7.5", "100", "100.01", "7.555", null, ""].map((taxRate) => ({ ...base, lines: [{ ...lines("quantity")[0]!.lines[0]!, taxRate }] })));
    const decimals = fc.oneof(
      fc.stringMatching(/^-?\d{0,12}(\.\d{0,4})?$/),
      fc.integer({ min: -5, max: 1_000_000 }).map((cents) => cents / 100),
      fc.double({ min: -1, max: 1e12, noNaN: true }),
    );
    expectDocumentNeverLooser("createInvoice", createInvoiceInputSchema, decimals.map((amount) => ({ ...base, amount })));
  });

  it("says in prose the invoice rules JSON Schema cannot", () => {
    const schema = requests.operation("createInvoice").body!.content["application/json"]!;
    expect(schema.description).toMatch(/`dueDate` may not come before `issueDate`/);
    expect(schema.description).toMatch(/total of the lines/);
    const update = requests.operation("updateInvoice").body!.content["application/json"]!;
    expect(update.description).toMatch(/`dueDate` may not come before `issueDate`/);
  });

  it("marks a response header required only where it is always sent: a draft's PDF preview has no ETag", async () => {
    const company = await admin.client.post("/api/companies", { name: "Preview Co" });
    const draft = await admin.client.post("/api/invoices", { companyId: company.body.id, invoiceNumber: "DRAFT-1", amount: "10.00", issueDate: "2026-03-01", status: "draft" });
    const answer = await admin.client.raw(`/api/invoices/${draft.body.id}/pdf`);
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    const missing = requiredHeaders(requests.operation("getInvoicePdf"), 200).filter((name) => !answer.headers.has(name));
    expect(missing).toEqual([]);
  });
});
