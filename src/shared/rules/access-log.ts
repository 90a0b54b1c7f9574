/**
 * The access log (ADR 050): what the provider's staff read and changed of a company's records,
 * shown to that company. Zod-free, read by the server's schemas, the database CHECKs and the web.
 */

/** The records whose access is recorded: a company's conversation is its one chat (ADR 009). */
export const accessRecordTypes = ["ticket", "project", "invoice", "file", "conversation"] as const;
export type AccessRecordType = (typeof accessRecordTypes)[number];

export const accessKinds = ["read", "change"] as const;
export type AccessKind = (typeof accessKinds)[number];

/** Longest reason an admin gives (REQUIRE_ACCESS_REASON) that is kept. */
export const ACCESS_REASON_MAX = 500;
/** Longest record label kept (a ticket's "#142 Title", an invoice number, a file name). */
export const ACCESS_LABEL_MAX = 320;

/**
 * The request header that carries the reason, percent-encoded UTF-8 (a header is Latin-1 on the
 * wire, and a reason may be written in any language): `encodeURIComponent(reason)`.
 */
export const ACCESS_REASON_HEADER = "Access-Reason";
/** The `code` of the 428 a record read answers while the reason is missing. */
export const ACCESS_REASON_REQUIRED = "access_reason_required";

export const ACCESS_LOG_PAGE_DEFAULT = 50;
export const ACCESS_LOG_PAGE_MAX = 200;

/** The hash a chain's first entry links to. */
export const CHAIN_GENESIS = "0".repeat(64);

export const accessLogMessages = {
  reasonRequired: "Say why you are opening this company's record; the company sees your reason in its access log",
  reasonTooLong: `A reason is at most ${ACCESS_REASON_MAX} characters`,
} as const;
