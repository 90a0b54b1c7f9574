import { AsyncLocalStorage } from "node:async_hooks";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/**
 * Set while a single sign-on makes its session: Better Auth's session hook (auth.ts) refuses
 * every other way into an account of an SSO-only company, password, code step and sign-up alike.
 */
const signingInWithSso = new AsyncLocalStorage<true>();
export const isSsoSessionBeingMade = () => signingInWithSso.getStore() === true;

/**
 * The session of a single sign-on (ADR 051), made by Better Auth itself: its session row, its
 * hooks (a deactivated account is refused, the last sign-in is noted) and its signed cookie, so
 * none of that is written twice. Server-only: no HTTP path reaches it; modules/sso calls it once
 * the provider's answer has been checked and the account found.
 */
export function ssoSessionPlugin() {
  return {
    id: "portico-sso-session",
    endpoints: {
      ssoSession: createAuthEndpoint.serverOnly({ method: "POST", body: z.object({ userId: z.string() }) }, async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw new APIError("NOT_FOUND", { message: "No such account" });
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id });
      }),
    },
  } satisfies BetterAuthPlugin;
}

/** Runs `make` (the call of the endpoint above) as a single sign-on's session. */
export const asSsoSession = <T>(make: () => Promise<T>) => signingInWithSso.run(true, make);
