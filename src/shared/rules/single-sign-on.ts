/** Single sign-on with OpenID Connect (ADR 051): limits and the sentences both sides show. */

export const SSO_ISSUER_MAX = 500;
export const SSO_CLIENT_ID_MAX = 255;
export const SSO_CLIENT_SECRET_MAX = 1000;
/** Email domains one company's provider may claim. */
export const SSO_DOMAINS_MAX = 20;
export const SSO_DOMAIN_MAX = 253;
/** A domain name in lower case: labels of letters, digits and inner hyphens, and a top-level label of letters. */
export const SSO_DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** How long a started sign-in waits for the provider's answer. */
export const SSO_SIGN_IN_MINUTES = 10;

/**
 * An issuer is an https URL; plain http only on this machine (a provider under test, or one
 * beside the server on loopback), where nothing travels over a network.
 */
export function isIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && isLoopbackHost(url.hostname);
}

export const isLoopbackHost = (hostname: string) => hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";

/** The part of an address after its last @, in lower case. */
export const emailDomainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/** Why a single sign-on ended without a session: the sign-in page says it in the reader's language. */
export const ssoFailures = ["denied", "expired", "invalid", "unverified_email", "wrong_domain", "no_account", "not_member", "deactivated", "unavailable"] as const;
export type SsoFailure = (typeof ssoFailures)[number];

export const ssoMessages = {
  issuer: "Enter the provider's issuer URL (https://…)",
  clientId: "Enter the client ID",
  clientSecret: "Enter the client secret",
  domains: "Enter at least one email domain, e.g. example.com",
  domain: "Enter domains such as example.com, one per line",
  domainTaken: "Another company's provider already has this domain",
  noProvider: "No single sign-on is set up for this address",
  /** The password sign-in's refusal to a member of a company that signs in only with its provider. */
  ssoRequired: "Your company signs in with single sign-on. Use “Sign in with SSO”.",
} as const;

/** The `code` of the password sign-in's refusal to a member of an SSO-only company. */
export const SSO_REQUIRED = "sso_required";
