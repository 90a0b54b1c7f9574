import type { CompanyRole, Role } from "@/shared/enums";
import type { ApiTokenScope } from "@/shared/rules/api-token";

/** Who is calling. Every service function gets one (through its ServiceContext) and scopes its queries by it. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  role: Role;
  companyId: string | null;
  /** Their standing in that company (ADR 015); null without one. */
  companyRole: CompanyRole | null;
  /** A member an owner allowed to answer the company's quotes (ADR 049); owners always may. */
  answersQuotes?: boolean;
  /** A member an owner allowed to read the company's access log (ADR 050); owners always may. */
  readsAccessLog?: boolean;
  /** The signed-in session; null for a request made with an API token (ADR 030). */
  sessionId: string | null;
  /** The API token the request came with, and its scope; absent for a signed-in session. */
  apiToken?: { id: string; scope: ApiTokenScope };
  /** Whether the account signs in with a second factor (ADR 019: REQUIRE_ADMIN_2FA reads it). */
  twoFactorEnabled: boolean;
}

/**
 * The caller's session, on a route that API tokens never reach (an account-level subject of the
 * policy: http/token-reach.ts refuses them first): reaching it without one is a bug, not a caller's error.
 */
export function sessionIdOf(actor: Actor): string {
  if (actor.sessionId === null) throw new Error("A session-only route was reached without a session");
  return actor.sessionId;
}

/**
 * Who acts when no user of the portal does: a payment provider confirming or refunding a payment
 * through its signed webhook (ADR 043). No account stands behind it, so it has no user id and no
 * address: the history names it (`name`), the audit log names nobody, and no policy grants it
 * anything (a customer of no company). A service it reaches says so in its context's type
 * (`ActingContext` in modules/context.ts); every other service keeps a user's `Actor`.
 */
export interface SystemActor {
  userId: null;
  email: null;
  name: string;
  role: "customer";
  companyId: null;
}

export const systemActor = (name: string): SystemActor => ({ userId: null, email: null, name, role: "customer", companyId: null });
