import { msg } from "@lingui/core/macro";

/**
 * The brand name (DESIGN D1) is server configuration; the server writes it into index.html, so
 * the app reads it from there instead of waiting for an API call.
 */
export const brandName: string =
  document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || "Portico";

export const tagline = "Project tracking made simple";

/** The tagline in the reader's language: `i18n._(taglineMessage)` (its English is `tagline`). */
export const taglineMessage = msg`Project tracking made simple`;
