/** zod/mini mirror of companyProfileInputSchema in src/shared/schemas/company.ts (schemas.parity.test.ts). */
import { optionalText, requiredText } from "./text";
import { z } from "./zod";

export const COMPANY_NAME_MAX = 200;

const emailFormat = z.email();

export const companyProfileInputSchema = z.object({
  name: requiredText("Company name", COMPANY_NAME_MAX, `Company name must be at most ${COMPANY_NAME_MAX} characters`),
  contactName: optionalText("Contact name is too long", 200),
  contactEmail: optionalText(
    "Contact email is too long",
    254,
    z.refine((value: string) => value === "" || emailFormat.safeParse(value).success, "Enter a valid email address"),
  ),
  phone: optionalText("Phone number is too long", 50),
  address: optionalText("Address is too long", 1000),
});
export type CompanyProfileFormValues = z.input<typeof companyProfileInputSchema>;
export type CompanyProfileInput = z.output<typeof companyProfileInputSchema>;
