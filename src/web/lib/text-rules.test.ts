import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCommentInputSchema } from "@/shared/schemas/comment";
import { companyProfileInputSchema } from "@/shared/schemas/company";
import { createTicketInputSchema } from "@/shared/schemas/ticket";
import { checkComment } from "@/web/features/comments/lib/comment-rules";
import { checkCompanyProfile } from "@/web/features/companies/lib/company-rules";
import { checkCreateTicket } from "@/web/features/tickets/lib/ticket-rules";
import { expectChecksMatch } from "./form-check-parity";

/*
 * The customer's forms check their inputs by hand (the company profile, the new ticket, the
 * comment box; ADR 008): these tests hold each check to the server's schema, as auth-rules.test.ts
 * does the sign-in page's. For any input the form can send (every field a string), the same
 * verdict, the same first message per field and the same output.
 */

const lengths = [1, 49, 50, 51, 199, 200, 201, 253, 254, 255, 999, 1000, 1001, 9_999, 10_000, 10_001];
const texts = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("", " ", "   ", "\t\n", "a", "  padded  ", "\u00a0x\u00a0", "\ufeff", "x\u0000") },
  { weight: 3, arbitrary: fc.constantFrom(...lengths.flatMap((n) => ["x".repeat(n), ` ${"y".repeat(n)} `, `${"z".repeat(n)}   `])) },
  { weight: 2, arbitrary: fc.constantFrom("a@b.co", " a@b.co ", "Name@Example.COM", "a.b-c+d@sub.example.org", "a@b", "a@@b.co", "not-an-email", ".a@b.co", "ü@b.co", `${"m".repeat(248)}@b.co`, ` ${"m".repeat(248)}@b.co `, `${"m".repeat(249)}@b.co`, `${"m".repeat(260)}@b.co`) },
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.emailAddress(),
);

const uuid = "3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b";
const ids = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(uuid, uuid.toUpperCase(), ` ${uuid}`, `${uuid} `, "not-a-uuid", "", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "3f2b8c1e-4d5a-9e6f-8a7b-9c0d1e2f3a4b", "3f2b8c1e-4d5a-4e6f-ca7b-9c0d1e2f3a4b", "3f2b8c1e4d5a4e6f8a7b9c0d1e2f3a4b") },
  fc.uuid(),
  fc.uuid({ version: [1, 2, 3, 4, 5, 6, 7, 8, 15] }),
  texts,
);
const priorities = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("low", "medium", "high", "urgent", "", " low", "Low", "critical") }, texts);

describe("the customer's form checks", () => {
  it("match the server's company profile schema: verdict, message per field, output (trimmed, blanks as null)", () => {
    expectChecksMatch(fc.record({ name: texts, contactName: texts, contactEmail: texts, phone: texts, address: texts }), checkCompanyProfile, companyProfileInputSchema, 3_000);
  });

  it("match the server's new ticket schema: verdict, message per field, output", () => {
    expectChecksMatch(fc.record({ projectId: ids, title: texts, description: texts, priority: priorities }), checkCreateTicket, createTicketInputSchema, 3_000);
  });

  it("match the server's comment schema: verdict, message, output (trimmed)", () => {
    expectChecksMatch(fc.record({ content: texts }), checkComment, createCommentInputSchema, 2_000);
  });

  it("say what the forms show for an empty name, a bad contact email, no project and an empty comment", () => {
    expect(checkCompanyProfile({ name: "  ", contactName: "", contactEmail: "not-an-email", phone: "", address: "" })).toEqual({
      ok: false,
      errors: { name: "Company name is required", contactEmail: "Enter a valid email address" },
    });
    expect(checkCreateTicket({ projectId: "", title: "Login fails", description: "", priority: "medium" })).toEqual({ ok: false, errors: { projectId: "Choose a project" } });
    expect(checkComment({ content: " \n " })).toEqual({ ok: false, errors: { content: "Comment cannot be empty" } });
    expect(checkCompanyProfile({ name: " Acme ", contactName: " ", contactEmail: " a@b.co ", phone: "", address: "" })).toEqual({
      ok: true,
      value: { name: "Acme", contactName: null, contactEmail: "a@b.co", phone: null, address: null },
    });
  });
});
