/** Rules several contracts share. Plain values, no zod: the web's zod/mini forms import them too. */

/** An edit that changes no field is refused. */
export const NOTHING_TO_UPDATE = "Nothing to update";

/** The longest email address a mail system accepts (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

export const INVALID_EMAIL = "Enter a valid email address";
