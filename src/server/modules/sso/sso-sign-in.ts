import { createHash } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { isAPIError } from "better-auth/api";
import { emailDomainOf, SSO_SIGN_IN_MINUTES, ssoMessages, type SsoFailure } from "@/shared/rules/single-sign-on";
import type { SsoStartInput } from "@/shared/schemas/single-sign-on";
import { countInWindow } from "@/server/db/rate-counter";
import { accounts, companyUsers, profiles, ssoSignIns, userRoles } from "@/server/db/schema";
import type { AppDeps } from "@/server/http/context";
import { notFound, Problem, tooManyRequests } from "@/server/http/problem";
import type { ChangeRecorder } from "@/server/changes/change";
import { teamChanged } from "../members/team-access";
import { authorizationUrl, configurationOf, identityFrom, newSignInChecks, refusalOf, type OidcIdentity } from "./oidc-client";
import { companyProvider, providerForEmail, redirectUriOf, teamProvider, type SsoProvider } from "./sso-providers";
import { asSsoSession } from "./sso-session-plugin";

/** `record`: the change recorder (ADR 040), which writes the audit entries of sign-ins and refusals. */
type SsoDeps = Pick<AppDeps, "db" | "env" | "auth" | "log"> & { record: ChangeRecorder };

/** The cookie that ties a sign-in to the browser that started it (login CSRF): its `state`. */
export const SSO_STATE_COOKIE = "portico.sso_state";
/** Sign-ins one client address may start a minute: each writes a row and asks a provider. */
export const SSO_STARTS_PER_MINUTE = 30;

const hashOf = (state: string) => createHash("sha256").update(state).digest("base64url");
const providerIdOf = (provider: SsoProvider) => (provider.kind === "team" ? "oidc" : `oidc:${provider.companyId}`);

/** The provider could not be asked (down, or its discovery document is not what its issuer says). */
const unavailable = () => new Problem(502, "Bad Gateway", "The identity provider could not be reached. Please try again later.");

/**
 * Starts a sign-in at the provider an address's domain routes to (a client company's), else at the
 * team's: keeps its state (hashed), nonce and PKCE verifier for SSO_SIGN_IN_MINUTES and answers
 * the provider's authorization URL and the state for the browser's cookie.
 */
export async function startSso(deps: SsoDeps, input: SsoStartInput, ip: string): Promise<{ url: string; state: string }> {
  const { db, env } = deps;
  const limit = await countInWindow(db, `sso-start:${ip}`, 60_000);
  if (limit.count > SSO_STARTS_PER_MINUTE) throw tooManyRequests("Too many sign-in attempts from your network. Please try again later.", Math.max(1, limit.resetsInMs) / 1000);
  const provider = (input.email ? await providerForEmail(db, env.AUTH_SECRET, input.email) : null) ?? teamProvider(env);
  if (!provider) throw notFound(ssoMessages.noProvider);
  const config = await configurationOf(provider.settings).catch((err: unknown) => {
    deps.log.warn({ event: "sso.discovery_failed", err, issuer: provider.settings.issuer }, "the identity provider's discovery failed");
    throw unavailable();
  });
  const checks = newSignInChecks();
  await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, sql`now()`));
  await db.insert(ssoSignIns).values({
    stateHash: hashOf(checks.state),
    companyId: provider.kind === "company" ? provider.companyId : null,
    nonce: checks.nonce,
    codeVerifier: checks.codeVerifier,
    returnTo: input.returnTo ?? null,
    expiresAt: sql`now() + make_interval(mins => ${SSO_SIGN_IN_MINUTES})`,
  });
  const url = await authorizationUrl(config, checks, redirectUriOf(env), input.email);
  return { url: url.href, state: checks.state };
}

/** Where the browser goes after the provider's redirect, and the session cookie when it signed in. */
export interface SsoOutcome {
  location: string;
  setCookies: string[];
}

const failedAt = (failure: SsoFailure): SsoOutcome => ({ location: `/auth?sso_error=${failure}`, setCookies: [] });

/**
 * The provider's redirect back: the state must be the one this browser's cookie holds and a
 * sign-in still waiting (each is used once), the provider's answer must pass every check
 * (oidc-client.ts), and the address must be verified, of the company's domain and an account's
 * that signs in there (accountFor). Only then is a session made. Each refusal of a started
 * sign-in is audited.
 */
export async function finishSso(deps: SsoDeps, request: { query: Record<string, string | undefined>; cookieState: string | undefined; headers: Headers; ip: string }): Promise<SsoOutcome> {
  const { db, env, log } = deps;
  const { query, cookieState, headers, ip } = request;
  const audit = (kind: "auth.sign_in" | "auth.sign_in_failed", who: { id?: string; email?: string; companyId?: string | null }, details: Record<string, string | boolean>) =>
    deps.record(db, {
      audit: {
        kind,
        actorId: who.id ?? null,
        actorEmail: who.email ?? null,
        companyId: who.companyId ?? null,
        ...(who.id ? { target: { type: "user", id: who.id, label: who.email ?? null } } : {}),
        ip,
        userAgent: headers.get("user-agent"),
        details: { method: "sso", ...details },
      },
    });
  const refuse = async (failure: SsoFailure, who: { email?: string; companyId?: string | null } = {}, why?: string) => {
    log.info({ event: "sso.refused", failure, why }, "a single sign-on was refused");
    await audit("auth.sign_in_failed", who, { reason: failure, ...(why ? { why: why.slice(0, 200) } : {}) });
    return failedAt(failure);
  };

  // Without a sign-in this browser started (and /start limits those per address), nothing reached
  // a provider: logged, not audited, so requests to this public URL cannot fill the audit log.
  const stale = (why: string) => {
    log.info({ event: "sso.refused", failure: "expired", why }, "a single sign-on was refused");
    return failedAt("expired");
  };
  if (!query.state || !cookieState || query.state !== cookieState) return stale("state missing or not this browser's");
  const [waiting] = await db
    .delete(ssoSignIns)
    .where(and(eq(ssoSignIns.stateHash, hashOf(query.state)), gt(ssoSignIns.expiresAt, sql`now()`)))
    .returning();
  if (!waiting) return stale("no sign-in waits for this state");
  if (query.error) return refuse("denied", { companyId: waiting.companyId }, query.error);

  const provider = waiting.companyId ? await companyProvider(db, env.AUTH_SECRET, waiting.companyId) : teamProvider(env);
  if (!provider) return refuse("unavailable", { companyId: waiting.companyId }, "the provider was removed meanwhile");
  let identity: OidcIdentity;
  try {
    const config = await configurationOf(provider.settings);
    const callbackUrl = new URL(redirectUriOf(env));
    for (const [name, value] of Object.entries(query)) if (value !== undefined) callbackUrl.searchParams.set(name, value);
    identity = await identityFrom(config, callbackUrl, { state: query.state, nonce: waiting.nonce, codeVerifier: waiting.codeVerifier }, redirectUriOf(env));
  } catch (err) {
    return refuse("invalid", { companyId: waiting.companyId }, refusalOf(err));
  }

  const found = await accountFor(deps, provider, identity);
  if (typeof found === "string") return refuse(found, { email: identity.email, companyId: waiting.companyId });
  try {
    const made = await asSsoSession(() => deps.auth.api.ssoSession({ body: { userId: found.id }, headers, returnHeaders: true }));
    await audit("auth.sign_in", { id: found.id, email: found.email, companyId: waiting.companyId }, { provider: provider.kind, ...(found.created ? { accountCreated: true } : {}) });
    return { location: waiting.returnTo ?? "/", setCookies: made.headers.getSetCookie() };
  } catch (err) {
    // The session hook refuses a deactivated account (auth.ts).
    if (isAPIError(err) && err.statusCode === 403) return refuse("deactivated", { email: found.email, companyId: waiting.companyId });
    throw err;
  }
}

/**
 * The account a checked identity signs in as, or why none. The address must be verified by the
 * provider (`email_verified: true`). The team's provider signs in existing admins only. A
 * company's provider speaks only for addresses of its domains, and only for the company's own
 * members (an admin's or another company's account never signs in through it); an address of its
 * domain without an account becomes a member of the company. Each provider subject links to one
 * account (`accounts`, provider `oidc` or `oidc:<company id>`).
 */
async function accountFor(deps: SsoDeps, provider: SsoProvider, identity: OidcIdentity): Promise<{ id: string; email: string; created: boolean } | SsoFailure> {
  const { db } = deps;
  if (!identity.email || !identity.emailVerified) return "unverified_email";
  const email = identity.email.trim().toLowerCase();
  if (provider.kind === "company" && !provider.domains.includes(emailDomainOf(email))) return "wrong_domain";
  const [existing] = await db
    .select({ id: profiles.id, role: userRoles.role, companyId: companyUsers.companyId })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .leftJoin(companyUsers, eq(companyUsers.userId, profiles.id))
    .where(eq(profiles.email, email));
  if (provider.kind === "team" && existing?.role !== "admin") return "no_account";
  if (provider.kind === "company" && existing && (existing.role === "admin" || existing.companyId !== provider.companyId)) return "not_member";
  const providerId = providerIdOf(provider);
  return db.transaction(async (tx) => {
    let userId = existing?.id;
    if (!userId) {
      if (provider.kind !== "company") return "no_account" as const;
      const fullName = (identity.name?.trim() || email.slice(0, email.indexOf("@"))).slice(0, 200);
      const [made] = await tx.insert(profiles).values({ fullName, email, emailVerified: true }).returning({ id: profiles.id });
      userId = made!.id;
      await tx.insert(companyUsers).values({ userId, companyId: provider.companyId, role: "member" });
      // As an invited member's joining: the owner is told, the team screens refetch.
      await deps.record(tx, { memberJoined: { companyId: provider.companyId, userId, name: fullName, email }, announce: teamChanged(provider.companyId) });
    }
    const [linked] = await tx
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(and(eq(accounts.providerId, providerId), eq(accounts.accountId, identity.subject)));
    if (linked && linked.userId !== userId) return "not_member" as const;
    if (!linked) await tx.insert(accounts).values({ accountId: identity.subject, providerId, userId });
    return { id: userId, email, created: !existing };
  });
}
