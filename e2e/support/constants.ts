/** Created by the server at start-up through ADMIN_EMAIL / ADMIN_PASSWORD. */
export const E2E_ADMIN = { email: "admin@portico.test", password: "orchard-keeper-7", name: "Alex Admin" } as const;

/** The e2e SMTP server refuses recipients whose address starts with this, for good (550). */
export const REFUSED_PREFIX = "refused-";

/** The keys the e2e server and its fake Stripe share (PAYMENTS=stripe, support/stripe-server.ts): test values, no real account. */
export const E2E_STRIPE = { secretKey: "sk_test_e2e_portico", webhookSecret: "whsec_e2e_portico_0123456789" } as const;

/** Mail in on the e2e server (ADR 044): its domain, and the token of its provider webhook. */
export const E2E_INBOUND = { domain: "in.portico.test", webhookToken: "e2e-inbound-webhook-token-0123456789abcdef" } as const;

/**
 * The e2e server's single sign-on (ADR 051) against the local OpenID provider of
 * support/oidc-server.ts: the team's client (OIDC_CLIENT_ID…) and one a client company's admin
 * screen is given. Test values; the provider's login page takes any password.
 */
export const E2E_OIDC = {
  team: { clientId: "portico-e2e-team", clientSecret: "e2e-team-client-secret" },
  company: { clientId: "portico-e2e-company", clientSecret: "e2e-company-client-secret" },
} as const;
