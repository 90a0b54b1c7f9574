import { describe, expect, it } from "vitest";
import { companyMessages } from "@/shared/rules/company";
import { INVALID_EMAIL } from "@/shared/rules/common";
import { checkWith } from "./check";
import { companyProfileInputSchema } from "./company";

const check = checkWith<"name" | "contactName" | "contactEmail" | "phone" | "address", typeof companyProfileInputSchema>(companyProfileInputSchema);
const blankProfile = { name: "", contactName: "", contactEmail: "", phone: "", address: "" };

describe("checkWith (a zod/mini schema as a form's check)", () => {
  it("answers the schema's output for valid values: trimmed, blanks as null", () => {
    expect(check({ ...blankProfile, name: "  Acme Ltd ", phone: " +1 555 " })).toEqual({
      ok: true,
      value: { name: "Acme Ltd", contactName: null, contactEmail: null, phone: "+1 555", address: null },
    });
  });

  it("answers the first message of each failing field, named as the form's inputs are", () => {
    expect(check({ ...blankProfile, name: "   ", contactEmail: "not an address" })).toEqual({
      ok: false,
      errors: { name: companyMessages.nameRequired, contactEmail: INVALID_EMAIL },
    });
  });
});
