/** zod/mini mirror of companyProfileInputSchema in src/shared/schemas/company.ts (schemas.parity.test.ts). */
import { EMAIL_MAX, INVALID_EMAIL } from "@/shared/rules/common";
import { ADDRESS_MAX, COMPANY_NAME_MAX, CONTACT_NAME_MAX, companyMessages, PHONE_MAX } from "@/shared/rules/company";
import { optionalText, requiredText } from "./text";
import { z } from "./zod";

const emailFormat = z.email();

export const companyProfileInputSchema = z.object({
  name: requiredText(companyMessages.nameRequired, COMPANY_NAME_MAX, companyMessages.nameTooLong),
  contactName: optionalText(companyMessages.contactNameTooLong, CONTACT_NAME_MAX),
  contactEmail: optionalText(
    companyMessages.contactEmailTooLong,
    EMAIL_MAX,
    z.refine((value: string) => value === "" || emailFormat.safeParse(value).success, INVALID_EMAIL),
  ),
  phone: optionalText(companyMessages.phoneTooLong, PHONE_MAX),
  address: optionalText(companyMessages.addressTooLong, ADDRESS_MAX),
});
export type CompanyProfileFormValues = z.input<typeof companyProfileInputSchema>;
export type CompanyProfileInput = z.output<typeof companyProfileInputSchema>;
