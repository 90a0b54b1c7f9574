/** Limits and messages of the first run in the browser (/setup) and the brand setting. */
export const BRAND_NAME_MAX = 100;
/** A setup code as typed may carry dashes and spaces; the code itself is 26 characters. */
export const SETUP_CODE_MAX = 64;

export const setupMessages = {
  codeRequired: "Enter the setup code from the server's log",
  codeWrong: "This is not the setup code. Copy it from the server's log.",
  tooManyGuesses: "Too many wrong setup codes. Please try again later.",
  closed: "Setup is done: an admin exists.",
  emailTaken: "An account with this email address exists already. Choose another address for the owner.",
  brandRequired: "Brand name is required",
  brandTooLong: `Brand name must be at most ${BRAND_NAME_MAX} characters`,
} as const;
