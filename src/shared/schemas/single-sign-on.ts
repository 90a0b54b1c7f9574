import { z } from "zod";
import {
  isIssuerUrl,
  SSO_CLIENT_ID_MAX,
  SSO_CLIENT_SECRET_MAX,
  SSO_DOMAIN_MAX,
  SSO_DOMAIN_PATTERN,
  SSO_DOMAINS_MAX,
  SSO_ISSUER_MAX,
  ssoFailures,
  ssoMessages,
} from "../rules/single-sign-on";
import { EMAIL_MAX, INVALID_EMAIL } from "../rules/common";
import { NO_CONTROL_CHARACTER_PATTERN, textMessages } from "../rules/text";
import { emailAddress } from "./email";
import { instantSchema } from "./records";

/* Single sign-on with OpenID Connect (ADR 051): a company's provider, and starting a sign-in. */

const issuerSchema = z
  .string(ssoMessages.issuer)
  .trim()
  .min(1, ssoMessages.issuer)
  .max(SSO_ISSUER_MAX, `At most ${SSO_ISSUER_MAX} characters`)
  .refine(isIssuerUrl, ssoMessages.issuer)
  // The refinement as the document says it: https anywhere, plain http on loopback only.
  .meta({ format: "uri", pattern: "^(?:[Hh][Tt][Tt][Pp][Ss]://[^/?#@\\s]+|[Hh][Tt][Tt][Pp]://(?:localhost|127\\.0\\.0\\.1|\\[::1\\])(?::[0-9]{1,5})?)(?:/[^?#\\s]*)?$" });

const clientIdSchema = z
  .string(ssoMessages.clientId)
  .trim()
  .min(1, ssoMessages.clientId)
  .max(SSO_CLIENT_ID_MAX, `At most ${SSO_CLIENT_ID_MAX} characters`)
  .regex(NO_CONTROL_CHARACTER_PATTERN, textMessages.controlCharacter);

const clientSecretSchema = z
  .string(ssoMessages.clientSecret)
  .min(1, ssoMessages.clientSecret)
  .max(SSO_CLIENT_SECRET_MAX, `At most ${SSO_CLIENT_SECRET_MAX} characters`)
  .regex(NO_CONTROL_CHARACTER_PATTERN, textMessages.controlCharacter);

const domainSchema = z
  .string(ssoMessages.domain)
  .trim()
  .toLowerCase()
  .max(SSO_DOMAIN_MAX, ssoMessages.domain)
  .regex(SSO_DOMAIN_PATTERN, ssoMessages.domain);

const domainsSchema = z
  .array(domainSchema)
  .min(1, ssoMessages.domains)
  .max(SSO_DOMAINS_MAX, `At most ${SSO_DOMAINS_MAX} domains`)
  .refine((domains) => new Set(domains).size === domains.length, "List each domain once")
  .meta({ uniqueItems: true });

/**
 * An admin sets a company's provider. `clientSecret` may be left out when the provider is already
 * set: the stored one is kept (it is never shown again, so the form cannot send it back).
 */
export const companySsoInputSchema = z.object({
  issuer: issuerSchema,
  clientId: clientIdSchema,
  clientSecret: clientSecretSchema.optional(),
  domains: domainsSchema,
  ssoOnly: z.boolean().default(false),
});
export type CompanySsoInput = z.input<typeof companySsoInputSchema>;

/** A company's provider as the API shows it: never the secret. */
export const companySsoSchema = z.object({
  companyId: z.uuid(),
  issuer: z.string(),
  clientId: z.string(),
  domains: z.array(z.string()),
  ssoOnly: z.boolean(),
  /** Where the provider sends the browser back: to be registered at the provider. */
  redirectUri: z.string(),
  updatedAt: instantSchema,
});
export type CompanySso = z.infer<typeof companySsoSchema>;

/** The company's provider, or null when it has none. */
export const companySsoAnswerSchema = companySsoSchema.nullable();

/** What the sign-in page may offer before anyone signs in. */
export const ssoOptionsSchema = z.object({
  /** The provider's own identity provider is set (OIDC_ISSUER…): "Sign in with SSO" for the team. */
  team: z.boolean(),
});
export type SsoOptions = z.infer<typeof ssoOptionsSchema>;

const emailSchema = emailAddress(INVALID_EMAIL).max(EMAIL_MAX);

/** The sign-in form asks how an address signs in (its domain decides; no account is looked up). */
export const ssoDiscoverInputSchema = z.object({ email: emailSchema });
export const ssoDiscoverySchema = z.object({
  /** `none`: password; `available`: its company's provider, or a password; `required`: its provider only. */
  sso: z.enum(["none", "available", "required"]),
});
export type SsoDiscovery = z.infer<typeof ssoDiscoverySchema>;

/** A path of this app to land on after signing in (never another site). */
const returnToSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, "Must be a path of this site, such as /dashboard");

/** Starts a sign-in: with `email`, at the provider of its company's domain, else the team's provider. */
export const ssoStartInputSchema = z.object({ email: emailSchema.optional(), returnTo: returnToSchema.optional() });
export type SsoStartInput = z.infer<typeof ssoStartInputSchema>;
export const ssoStartSchema = z.object({ url: z.string() });

/** The provider's redirect back (RFC 6749 4.1.2; `iss` of RFC 9207). */
const callbackParam = z.string().max(4096).optional();
export const ssoCallbackQuerySchema = z.object({
  code: callbackParam,
  state: callbackParam,
  iss: callbackParam,
  error: callbackParam,
  error_description: callbackParam,
  session_state: callbackParam,
});

export const ssoFailureSchema = z.enum(ssoFailures);
