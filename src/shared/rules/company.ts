/** Limits and messages of the company profile form, shared by src/shared/schemas/company.ts and the web's zod/mini copy. */
export const COMPANY_NAME_MAX = 200;
export const CONTACT_NAME_MAX = 200;
export const PHONE_MAX = 50;
export const ADDRESS_MAX = 1000;

export const companyMessages = {
  nameRequired: "Company name is required",
  nameTooLong: `Company name must be at most ${COMPANY_NAME_MAX} characters`,
  contactNameTooLong: "Contact name is too long",
  contactEmailTooLong: "Contact email is too long",
  phoneTooLong: "Phone number is too long",
  addressTooLong: "Address is too long",
} as const;
