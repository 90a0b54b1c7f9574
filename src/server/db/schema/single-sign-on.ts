import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { SSO_CLIENT_ID_MAX, SSO_DOMAIN_MAX, SSO_ISSUER_MAX } from "@/shared/rules/single-sign-on";
import { companies } from "./companies";
import { createdAtColumn, timestamps } from "./columns";
import { maxLength } from "./limits";

/**
 * A client company's own OpenID Connect provider (ADR 051), set by an admin. The client secret is
 * stored sealed (AES-256-GCM under a key derived from AUTH_SECRET, modules/sso/sso-secrets.ts) and
 * never answered by the API. `sso_only`: its members sign in through it alone.
 */
export const companySsoProviders = pgTable(
  "company_sso_providers",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    clientSecret: text("client_secret").notNull(),
    ssoOnly: boolean("sso_only").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    maxLength("company_sso_providers_issuer_length", t.issuer, SSO_ISSUER_MAX),
    maxLength("company_sso_providers_client_id_length", t.clientId, SSO_CLIENT_ID_MAX),
    maxLength("company_sso_providers_client_secret_length", t.clientSecret, 4000),
  ],
);

/** The email domains that route to a company's provider: one company per domain (the primary key). */
export const ssoDomains = pgTable(
  "sso_domains",
  {
    domain: text("domain").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companySsoProviders.companyId, { onDelete: "cascade" }),
  },
  (t) => [
    maxLength("sso_domains_domain_length", t.domain, SSO_DOMAIN_MAX),
    check("sso_domains_domain_lower_case", sql`${t.domain} = lower(${t.domain})`),
    index("sso_domains_company_id_idx").on(t.companyId),
  ],
);

/**
 * A sign-in sent to a provider and not yet back: the SHA-256 of its `state` (the browser holds the
 * state itself, in a cookie and in the provider's redirect), its nonce and PKCE verifier. Used
 * once: the callback deletes the row it reads. `company_id` null is the team's provider (OIDC_ISSUER).
 */
export const ssoSignIns = pgTable(
  "sso_sign_ins",
  {
    stateHash: text("state_hash").primaryKey(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    returnTo: text("return_to"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    maxLength("sso_sign_ins_return_to_length", t.returnTo, 500),
    maxLength("sso_sign_ins_nonce_length", t.nonce, 200),
    maxLength("sso_sign_ins_code_verifier_length", t.codeVerifier, 200),
    index("sso_sign_ins_expires_at_idx").on(t.expiresAt),
    index("sso_sign_ins_company_id_idx").on(t.companyId),
  ],
);
