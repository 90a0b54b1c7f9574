import { z } from "zod";
import { EMAIL_MAX, INVALID_EMAIL } from "../rules/common";
import { ADDRESS_MAX, COMPANY_NAME_MAX, CONTACT_NAME_MAX, companyMessages, PHONE_MAX } from "../rules/company";
import { BLANK_OR_EMAIL_PATTERN } from "./email";
import { pageOf, pageQuerySchema } from "./pagination";
import { nullWhenBlank, requiredText, storable, storableName } from "./text";

export { COMPANY_NAME_MAX };

// Forms send "" for an untouched input; the database stores that as null.
const optionalText = (tooLong: string, max: number, storableAs: (text: z.ZodString) => z.ZodString = storable) => nullWhenBlank(storableAs(z.string().trim().max(max, tooLong)));

/**
 * The customer's company profile form (spec: Company Name required). PUT semantics: a field
 * left out is stored as null. There is no id, membership or owner here on purpose: the server
 * takes those from the session, whatever the client sends.
 */
export const companyProfileInputSchema = z.object({
  name: requiredText(companyMessages.nameRequired, COMPANY_NAME_MAX, companyMessages.nameTooLong),
  contactName: optionalText(companyMessages.contactNameTooLong, CONTACT_NAME_MAX, storableName),
  contactEmail: z
    .string()
    .trim()
    .max(EMAIL_MAX, companyMessages.contactEmailTooLong)
    // A regex, not a refinement: the OpenAPI document publishes it as the field's pattern.
    .regex(BLANK_OR_EMAIL_PATTERN, INVALID_EMAIL)
    .nullish()
    .transform((value) => (value ? value : null)),
  phone: optionalText(companyMessages.phoneTooLong, PHONE_MAX),
  address: optionalText(companyMessages.addressTooLong, ADDRESS_MAX),
});
export type CompanyProfileInput = z.infer<typeof companyProfileInputSchema>;

/** Admin customer list: search by name, sort by creation date. */
export const companyListQuerySchema = pageQuerySchema;
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Company = z.infer<typeof companySchema>;

/** One row of the admin Customers table. */
export const companyListItemSchema = companySchema.extend({
  projectCount: z.number().int().min(0),
  /** The Users column: members of the company only (no admins, no pending invitations). */
  userCount: z.number().int().min(0),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

export const companyPageSchema = pageOf(companyListItemSchema);

/** For company selects (new project, new invoice, new conversation). */
export const companyOptionSchema = z.object({ id: z.uuid(), name: z.string() });

/** A company picker's query: a name filter and at most `limit` matches (there may be thousands). */
export const companyOptionsQuerySchema = z.object({
  q: storable(z.string().trim().max(200)).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export type CompanyOptionsQuery = z.infer<typeof companyOptionsQuerySchema>;
export type CompanyOption = z.infer<typeof companyOptionSchema>;

/** The customer's Company screen: the profile (null before it is created) and the Active Projects card. */
export const myCompanySchema = z.object({
  company: companySchema.nullable(),
  activeProjectCount: z.number().int().min(0),
});
export type MyCompany = z.infer<typeof myCompanySchema>;

/** `created` picks the toast: 'Company profile created successfully' or '... updated successfully'. */
export const saveCompanyProfileResultSchema = z.object({
  created: z.boolean(),
  company: companySchema,
});
export type SaveCompanyProfileResult = z.infer<typeof saveCompanyProfileResultSchema>;
