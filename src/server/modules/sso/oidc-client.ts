import * as oidc from "openid-client";
import { isLoopbackHost } from "@/shared/rules/single-sign-on";

/** One OpenID Connect provider as Portico is registered at it. */
export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Who the provider says signed in, after every check of its answer passed. */
export interface OidcIdentity {
  subject: string;
  email: string | undefined;
  /** Only `true` counts: an absent claim, or "true" as text, is not a verified address. */
  emailVerified: boolean;
  name: string | undefined;
}

/** Discovery documents and keys are kept this long; a failed discovery is not kept. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const discovered = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();

/**
 * The provider's configuration from its discovery document, whose `issuer` must be exactly the
 * configured one (openid-client checks it). Plain http only for a loopback issuer (shared rule).
 */
export function configurationOf(settings: OidcClientSettings): Promise<oidc.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === "http:" && isLoopbackHost(issuer.hostname);
  const config = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
    execute: insecure ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
  });
  discovered.set(key, { config, at: Date.now() });
  config.catch(() => discovered.delete(key));
  return config;
}

/** The secrets of one sign-in, kept by Portico while the browser is at the provider. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const newSignInChecks = (): SignInChecks => ({ state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() });

/** Where the browser goes to sign in: the code flow with PKCE (S256), state and nonce. */
export async function authorizationUrl(config: oidc.Configuration, checks: SignInChecks, redirectUri: string, loginHint?: string): Promise<URL> {
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile",
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: "S256",
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
}

/**
 * Exchanges the code of the provider's redirect (`callbackUrl`) for tokens and checks them:
 * openid-client refuses a state other than ours, an `iss` (RFC 9207) or ID token issuer other than
 * the provider's, an audience without our client id, a nonce other than ours, a bad signature or
 * an expired token; the verifier proves this server started the sign-in (PKCE). The address and
 * its verification come from the ID token, else from the userinfo endpoint for the same subject.
 */
export async function identityFrom(config: oidc.Configuration, callbackUrl: URL, checks: SignInChecks, redirectUri: string): Promise<OidcIdentity> {
  const tokens = await oidc.authorizationCodeGrant(
    config,
    callbackUrl,
    { expectedState: checks.state, expectedNonce: checks.nonce, pkceCodeVerifier: checks.codeVerifier, idTokenExpected: true },
    { redirect_uri: redirectUri },
  );
  const claims = tokens.claims()!;
  let email = claims.email;
  let verified = claims.email_verified;
  let name = claims.name;
  if ((typeof email !== "string" || verified === undefined) && tokens.access_token) {
    // The address and its verification are one statement: both from userinfo, and an address
    // there other than the ID token's is not verified at all.
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    verified = typeof email === "string" && info.email !== undefined && info.email !== email ? false : info.email_verified;
    email = typeof info.email === "string" ? info.email : email;
    name ??= info.name;
  }
  return {
    subject: claims.sub,
    email: typeof email === "string" ? email : undefined,
    emailVerified: verified === true,
    name: typeof name === "string" ? name : undefined,
  };
}

/**
 * One line on why the provider's answer was refused, for the log and the audit entry: each
 * error's message down its causes (openid-client wraps the check that failed), and the claim a
 * comparison failed on.
 */
export function refusalOf(err: unknown): string {
  const parts: string[] = [];
  let claim: string | undefined;
  for (let at: unknown = err, depth = 0; at && depth < 4; at = (at as { cause?: unknown }).cause, depth += 1) {
    if (at instanceof Error) parts.push(`${at.name}: ${at.message}`);
    else if (typeof (at as { claim?: unknown }).claim === "string") claim = (at as { claim: string }).claim;
  }
  return `${parts.join(" ← ") || "token exchange failed"}${claim ? ` (claim "${claim}")` : ""}`;
}
