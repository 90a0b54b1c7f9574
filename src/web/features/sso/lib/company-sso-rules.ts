import { isIssuerUrl, SSO_CLIENT_ID_MAX, SSO_CLIENT_SECRET_MAX, SSO_DOMAIN_PATTERN, SSO_DOMAINS_MAX, SSO_ISSUER_MAX, ssoMessages } from "@/shared/rules/single-sign-on";
import type { CompanySsoInput } from "@/shared/schemas/single-sign-on";
import { hasControlCharacter, textMessages } from "@/shared/rules/text";
import { collect, firstFailing, type Checked } from "@/web/lib/use-checked-form";

export const companySsoFields = ["issuer", "clientId", "clientSecret", "domains", "ssoOnly"] as const;
export type CompanySsoField = (typeof companySsoFields)[number];

/** The domains as typed: one per line (commas and spaces separate them too), in lower case. */
export const domainsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);

/**
 * The server's rules of a company's provider (shared/schemas/single-sign-on.ts), checked before
 * sending; the server checks them again and has the last word (a domain another company has).
 * `hasSecret`: a provider is stored, so a blank secret keeps the stored one.
 */
export function checkCompanySso(values: Record<CompanySsoField, string>, hasSecret: boolean): Checked<CompanySsoField, CompanySsoInput> {
  const issuer = values.issuer.trim();
  const clientId = values.clientId.trim();
  const domains = domainsOf(values.domains);
  return collect<CompanySsoField, CompanySsoInput>(
    {
      issuer: firstFailing([[!issuer || issuer.length > SSO_ISSUER_MAX || !isIssuerUrl(issuer), ssoMessages.issuer]]),
      clientId: firstFailing([
        [!clientId, ssoMessages.clientId],
        [clientId.length > SSO_CLIENT_ID_MAX, `At most ${SSO_CLIENT_ID_MAX} characters`],
        [hasControlCharacter(clientId), textMessages.controlCharacter],
      ]),
      clientSecret: firstFailing([
        [!hasSecret && !values.clientSecret, ssoMessages.clientSecret],
        [values.clientSecret.length > SSO_CLIENT_SECRET_MAX, `At most ${SSO_CLIENT_SECRET_MAX} characters`],
        [hasControlCharacter(values.clientSecret), textMessages.controlCharacter],
      ]),
      domains: firstFailing([
        [domains.length === 0, ssoMessages.domains],
        [domains.some((domain) => !SSO_DOMAIN_PATTERN.test(domain)), ssoMessages.domain],
        [domains.length > SSO_DOMAINS_MAX, `At most ${SSO_DOMAINS_MAX} domains`],
        [new Set(domains).size !== domains.length, "List each domain once"],
      ]),
    },
    { issuer, clientId, ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}), domains, ssoOnly: values.ssoOnly === "on" },
  );
}
