/**
 * API tokens (ADR 030): who may hold them, what they may do, how long they live. Shared by the
 * server, which enforces every rule, and the account page's token card.
 */

/** `read` tokens may only read (GET); `read-write` ones have every right of the person who made them. */
export const apiTokenScopes = ["read", "read-write"] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

export const apiTokenScopeLabels: Record<ApiTokenScope, string> = {
  read: "Read only",
  "read-write": "Read and write",
};

/** The lifetimes offered, in days; a token that never expires is for admins only. */
export const apiTokenLifetimesDays = [30, 90, 365] as const;
export type ApiTokenLifetimeDays = (typeof apiTokenLifetimesDays)[number];

/** Every token starts with it, so a leaked one is easy to recognise (and for secret scanners to find). */
export const API_TOKEN_PREFIX = "ptc_";
/** How much of a token the list shows to tell tokens apart: the prefix and six characters. */
export const API_TOKEN_SHOWN_CHARACTERS = API_TOKEN_PREFIX.length + 6;
export const API_TOKEN_NAME_MAX = 100;
/** Enough for every script and integration a person runs; bounds the list and the table. */
export const API_TOKENS_PER_PERSON = 25;

export const apiTokenMessages = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${API_TOKEN_NAME_MAX} characters`,
  notAllowed: "Only admins and company owners can make API tokens",
  neverExpiresAdminsOnly: "Only admins can make a token that never expires",
  tooMany: `You have ${API_TOKENS_PER_PERSON} API tokens, the most one person can have. Revoke one you no longer use first.`,
  notFound: "API token not found",
  invalid: "The API token is not valid: it may have expired or been revoked",
  readOnly: "This API token may only read: make a read-and-write token to change anything",
  sessionOnly: "API tokens do not work here: sign in to manage tokens, sessions and live updates",
  rateLimited: "This API token made too many requests. Please wait a moment.",
} as const;
