/** Constants of src/shared/schemas/message.ts, without its zod schemas (schemas.parity.test.ts checks they match). */

/** Spec, customer Messages screen: shown, and the API's 400 detail, when the customer has no company. */
export const NO_COMPANY_FOR_MESSAGES = "You need to create your Company Profile before sending messages.";
