import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Database } from "@/server/db/client";
import type { AuditEntry } from "@/server/changes/change";
import { recordAudit } from "./audit-log";

/** Better Auth's hook context, as far as these hooks read it. */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type SignedIn = { user: { id: string; email: string; twoFactorEnabled?: boolean | null } };

const CODE_PATHS: Record<string, string> = { "/two-factor/verify-totp": "totp", "/two-factor/verify-backup-code": "backup_code" };
const AUDITED_PATHS = new Set([
  "/sign-in/email",
  "/sign-out",
  "/request-password-reset",
  "/change-password",
  "/verify-email",
  "/two-factor/disable",
  ...Object.keys(CODE_PATHS),
]);

/**
 * Sign-ins, failed sign-ins, sign-outs and the account's own security changes, as Better Auth's
 * hooks see them (ADR 027): `context.returned` is the answer or the APIError, `newSession` the
 * session an endpoint made. A plugin rather than `hooks.after`, so that it is listed after the
 * two-factor plugin and runs after its hook: a password that still needs a code has no session
 * by then, and is not a sign-in. The client address is the header auth.routes.ts sets from the
 * socket; `clientIpHeader` names it. A password reset's completion is recorded by auth.ts's
 * `onPasswordReset`, the one place that knows the account.
 */
export function authAuditPlugin(db: Database, clientIpHeader: string): BetterAuthPlugin {
  return {
    id: "portico-audit",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-out",
          // Sign-out deletes the session it ends; read whose it was first (kept on the request's context).
          handler: createAuthMiddleware(async (ctx) => {
            await getSessionFromCtx(ctx).catch(() => null);
          }),
        },
      ],
      after: [{ matcher: (ctx) => AUDITED_PATHS.has(ctx.path ?? ""), handler: createAuthMiddleware(async (ctx) => auditAuthEndpoint(db, clientIpHeader, ctx)) }],
    },
  };
}

async function auditAuthEndpoint(db: Database, clientIpHeader: string, ctx: HookContext): Promise<void> {
  const failed = isAPIError(ctx.context.returned);
  const source = { ip: ctx.headers?.get(clientIpHeader) ?? null, userAgent: ctx.headers?.get("user-agent") ?? null };
  const before = ctx.context.session as SignedIn | null;
  const after = ctx.context.newSession as SignedIn | null;
  const record = (entry: AuditEntry) => recordAudit(db, { ...source, ...entry });
  const by = (session: SignedIn) => ({ actorId: session.user.id, actorEmail: session.user.email });
  const body = (ctx.body ?? {}) as { email?: unknown };
  const typedEmail = typeof body.email === "string" ? body.email.trim().toLowerCase() : null;

  if (ctx.path === "/sign-in/email") {
    if (failed) return record({ kind: "auth.sign_in_failed", actorEmail: typedEmail, details: { step: "password", reason: reasonOf(ctx.context.returned) } });
    // No session yet: the account asks for a code, and the code step records the sign-in.
    if (after) return record({ kind: "auth.sign_in", ...by(after), details: { method: "password" } });
    return;
  }
  const method = CODE_PATHS[ctx.path];
  if (method) {
    // With a session, the code confirms enrolment; without one, it is the second step of a sign-in.
    if (before) {
      if (!failed && !before.user.twoFactorEnabled && after?.user.twoFactorEnabled) return record({ kind: "auth.two_factor_enabled", ...by(before) });
      return;
    }
    if (failed) return record({ kind: "auth.sign_in_failed", details: { step: "code", method, reason: reasonOf(ctx.context.returned) } });
    if (after) return record({ kind: "auth.sign_in", ...by(after), details: { method } });
    return;
  }
  if (failed) return;
  if (ctx.path === "/request-password-reset") {
    // Only requests from outside: an admin's reset from the Users page is recorded with the admin as actor.
    if (ctx.request && typedEmail) return record({ kind: "auth.password_reset_requested", actorEmail: typedEmail, target: { type: "user", label: typedEmail } });
    return;
  }
  if (!before) return;
  if (ctx.path === "/sign-out") return record({ kind: "auth.sign_out", ...by(before) });
  if (ctx.path === "/change-password") return record({ kind: "auth.password_changed", ...by(before), target: { type: "user", id: before.user.id, label: before.user.email } });
  if (ctx.path === "/two-factor/disable") return record({ kind: "auth.two_factor_disabled", ...by(before), target: { type: "user", id: before.user.id, label: before.user.email } });
  if (ctx.path === "/verify-email") {
    const change = addressChangeOf(String((ctx.query as { token?: unknown } | undefined)?.token ?? ""));
    if (change) return record({ kind: "auth.email_changed", ...by(before), actorEmail: change.from, target: { type: "user", id: before.user.id, label: change.to }, details: { from: change.from, to: change.to } });
  }
}

/** Better Auth's error code (INVALID_EMAIL_OR_PASSWORD, ACCOUNT_DEACTIVATED…), never its message or the request. */
function reasonOf(error: unknown): string {
  if (!isAPIError(error)) return "unknown";
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code.slice(0, 60) : String(error.statusCode);
}

/**
 * The addresses of a change-email link's token (a JWT whose payload names both). Read only once
 * Better Auth accepted it; the token itself is never stored.
 */
export function addressChangeOf(token: string): { from: string; to: string } | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { email?: unknown; updateTo?: unknown; requestType?: unknown };
    if (payload.requestType !== "change-email-verification" || typeof payload.updateTo !== "string" || typeof payload.email !== "string") return undefined;
    return { from: payload.email, to: payload.updateTo };
  } catch {
    return undefined;
  }
}
