/** Limits and texts of the chat, shared by src/shared/schemas/message.ts and the web. */
export const MESSAGE_MAX_LENGTH = 10_000;

/** Spec, customer Messages screen: shown, and the API's 400 detail, when the customer has no company. */
export const NO_COMPANY_FOR_MESSAGES = "You need to create your Company Profile before sending messages.";

export const messageMessages = {
  empty: "Please enter a message",
  tooLong: "Message is too long",
} as const;
