import fc from "fast-check";
import { describe, it } from "vitest";
import { projectFields, projectForms } from "@/shared/rules/project";
import { ticketFields } from "@/shared/rules/ticket";
import { zodForm } from "@/shared/schemas/fields";
import { checkForm } from "./field-checks";
import { expectChecksMatch } from "./form-check-parity";

/*
 * The plain builder says what the server's builder says of every kind of declared field, as a
 * form sends it (strings): the same verdict, first message per field and output. The customer's
 * forms built with it have their own tests (text-rules.test.ts).
 */

const uuid = "3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b";
const strings = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("", " ", "a", "  padded  ", "x\u0000", "\u202Ex", "x".repeat(200), "x".repeat(201), ` ${"y".repeat(200)} `, "x".repeat(10_001)) },
  { weight: 4, arbitrary: fc.constantFrom(uuid, ` ${uuid} `, uuid.toUpperCase(), "not-a-uuid", "2024-02-29", "2023-02-29", " 2024-06-15 ", "2024-1-1", "active", "on_hold", " active", "low", "urgent") },
  fc.string(),
);

describe("the plain checks of a declared form", () => {
  it("match the server's schema for names, texts, ids, choices and dates", () => {
    expectChecksMatch(fc.record({ companyId: strings, name: strings, description: strings, status: strings, startDate: strings }), (input) => checkForm(projectFields, projectForms.create, input), zodForm(projectFields, projectForms.create), 2_000);
  });

  it("match it for a team member or nobody, and a date or none", () => {
    const form = { fields: ["assignedTo", "endDate"] } as const;
    expectChecksMatch(fc.record({ assignedTo: strings, endDate: strings }), (input) => checkForm(projectFields, form, input), zodForm(projectFields, form), 1_000);
    const ticketForm = { fields: ["title", "assignedTo", "priority"] } as const;
    expectChecksMatch(fc.record({ title: strings, assignedTo: strings, priority: strings }), (input) => checkForm(ticketFields, ticketForm, input), zodForm(ticketFields, ticketForm), 1_000);
  });
});
