import { regexes } from "zod/v4/core";
import { EMAIL_MAX, INVALID_EMAIL } from "@/shared/rules/common";
import { ADDRESS_MAX, COMPANY_NAME_MAX, CONTACT_NAME_MAX, companyMessages, PHONE_MAX } from "@/shared/rules/company";
import type { CompanyProfileInput } from "@/shared/schemas/company";
import { blankAsNull, optionalNameFailure, optionalTextFailure, requiredNameFailure } from "@/web/lib/text-rules";
import { collect, firstFailing, type Checked } from "@/web/lib/use-checked-form";

/**
 * The company profile form's rules (src/shared/schemas/company.ts's `companyProfileInputSchema`)
 * as plain checks, held to the server's schema by company-rules.test.ts: same verdict, same
 * message per field, same output. The customer's Company page and the admin's customer dialogs
 * share the form.
 */

export const companyProfileFields = ["name", "contactName", "contactEmail", "phone", "address"] as const;
export type CompanyProfileValues = Record<(typeof companyProfileFields)[number], string>;

export function checkCompanyProfile(input: CompanyProfileValues): Checked<keyof CompanyProfileValues, CompanyProfileInput> {
  const [name, contactName, contactEmail, phone, address] = companyProfileFields.map((field) => input[field].trim()) as [string, string, string, string, string];
  return collect(
    {
      name: requiredNameFailure(name, companyMessages.nameRequired, COMPANY_NAME_MAX, companyMessages.nameTooLong),
      contactName: optionalNameFailure(contactName, CONTACT_NAME_MAX, companyMessages.contactNameTooLong),
      contactEmail: firstFailing([
        [contactEmail.length > EMAIL_MAX, companyMessages.contactEmailTooLong],
        [contactEmail !== "" && !regexes.email.test(contactEmail), INVALID_EMAIL],
      ]),
      phone: optionalTextFailure(phone, PHONE_MAX, companyMessages.phoneTooLong),
      address: optionalTextFailure(address, ADDRESS_MAX, companyMessages.addressTooLong),
    },
    { name, contactName: blankAsNull(contactName), contactEmail: blankAsNull(contactEmail), phone: blankAsNull(phone), address: blankAsNull(address) },
  );
}
