import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * What a chosen password must not be, beyond the length rules every form checks (ASVS 5.0 6.2.4,
 * 6.1.2 and 6.2.11): one of the ~42,000 most common passwords of at least the minimum length
 * (zxcvbn-ts's ranked list), or built from the words an attacker tries first against this
 * installation (NIST SP 800-63B's "context-specific words"): the product's name, the brand's and
 * the account's user name, the part of its email address before the @. Server-side only: the list would cost every visitor of
 * the sign-up page a download (ADR 008), and only the server's refusal protects anything.
 */

/** Checked case-insensitively, so "Password" and "PASSWORD" count as "password". */
let common: ReadonlySet<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary["passwords-common"]));

/** Words shorter than this are left out of the context check: "al" in "alphabet" proves nothing. */
const SHORTEST_CONTEXT_WORD = 4;

export interface PasswordContext {
  /** The installation's brand (BRAND_NAME or the stored one). */
  brandName: string;
  email?: string;
}

export type PasswordProblem = "common" | "context";

export const passwordProblemMessages: Record<PasswordProblem, string> = {
  common: "This password is one of the most common ones. Choose one that is harder to guess.",
  context: "This password contains your email address or this site's name. Choose one that is harder to guess.",
};

/** The words of the installation and the account that a password must not contain, lowercased. */
export function contextWords({ brandName, email }: PasswordContext): string[] {
  const userName = (email ?? "").split("@")[0];
  const words = [brandName, "portico", userName]
    .flatMap((word) => (word ?? "").toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length >= SHORTEST_CONTEXT_WORD);
  return [...new Set(words)];
}

/** Why `password` may not be chosen, or undefined when it may. */
export function passwordProblem(password: string, context: PasswordContext): PasswordProblem | undefined {
  const lowered = password.toLowerCase();
  if (commonPasswords().has(lowered)) return "common";
  if (contextWords(context).some((word) => lowered.includes(word))) return "context";
  return undefined;
}
