import { eq } from "drizzle-orm";
import { emailDomainOf } from "@/shared/rules/single-sign-on";
import type { SsoDiscovery } from "@/shared/schemas/single-sign-on";
import type { Database } from "@/server/db/client";
import { companySsoProviders, companyUsers, ssoDomains } from "@/server/db/schema";
import type { Env } from "@/server/env";
import type { OidcClientSettings } from "./oidc-client";
import { openClientSecret } from "./sso-secrets";

/** The provider's own identity provider (OIDC_ISSUER…), for its team, or a client company's. */
export type SsoProvider = { kind: "team"; settings: OidcClientSettings } | { kind: "company"; companyId: string; domains: string[]; ssoOnly: boolean; settings: OidcClientSettings };

/** Where every provider sends the browser back; registered at each provider as the redirect URI. */
export const redirectUriOf = (env: Pick<Env, "BASE_URL">) => `${env.BASE_URL}/api/sso/callback`;

export function teamProvider(env: Pick<Env, "OIDC_ISSUER" | "OIDC_CLIENT_ID" | "OIDC_CLIENT_SECRET">): SsoProvider | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  return issuer && clientId && clientSecret ? { kind: "team", settings: { issuer, clientId, clientSecret } } : null;
}

/** A company's provider with its secret opened, or null when it has none. */
export async function companyProvider(db: Database, authSecret: string, companyId: string): Promise<SsoProvider | null> {
  const [row] = await db.select().from(companySsoProviders).where(eq(companySsoProviders.companyId, companyId));
  if (!row) return null;
  const domains = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.companyId, companyId));
  return {
    kind: "company",
    companyId,
    domains: domains.map((d) => d.domain),
    ssoOnly: row.ssoOnly,
    settings: { issuer: row.issuer, clientId: row.clientId, clientSecret: openClientSecret(authSecret, row.clientSecret) },
  };
}

/** The company whose provider an address's domain routes to, and whether it is SSO-only. */
async function routedCompany(db: Database, email: string): Promise<{ companyId: string; ssoOnly: boolean } | undefined> {
  const [row] = await db
    .select({ companyId: ssoDomains.companyId, ssoOnly: companySsoProviders.ssoOnly })
    .from(ssoDomains)
    .innerJoin(companySsoProviders, eq(companySsoProviders.companyId, ssoDomains.companyId))
    .where(eq(ssoDomains.domain, emailDomainOf(email)));
  return row;
}

export async function providerForEmail(db: Database, authSecret: string, email: string): Promise<SsoProvider | null> {
  const routed = await routedCompany(db, email);
  return routed ? companyProvider(db, authSecret, routed.companyId) : null;
}

/** How the sign-in form should offer an address: by its domain alone, so no account is looked up. */
export async function discoverSso(db: Database, email: string): Promise<SsoDiscovery> {
  const routed = await routedCompany(db, email);
  return { sso: !routed ? "none" : routed.ssoOnly ? "required" : "available" };
}

/** Whether an address's domain belongs to a company that signs in only through its provider. */
export async function isSsoOnlyAddress(db: Database, email: string): Promise<boolean> {
  return (await routedCompany(db, email))?.ssoOnly === true;
}

/** Whether a user is a member of a company that signs in only through its provider (whatever their address). */
export async function isSsoOnlyMember(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ ssoOnly: companySsoProviders.ssoOnly })
    .from(companyUsers)
    .innerJoin(companySsoProviders, eq(companySsoProviders.companyId, companyUsers.companyId))
    .where(eq(companyUsers.userId, userId));
  return row?.ssoOnly === true;
}
