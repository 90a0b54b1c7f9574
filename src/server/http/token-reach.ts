import { createMiddleware } from "hono/factory";
import { tokenRefusal, type Action, type Subject } from "@/shared/policies";
import { apiTokenMessages } from "@/shared/rules/api-token";
import type { AppEnv } from "./context";
import { forbidden, unauthorized } from "./problem";

/**
 * Refuses an API token where the policy does not let one go (ADR 030, amended; `tokenRefusal` in
 * shared/policies.ts), before the route's own checks: on an account-level surface (the route's
 * `subject`: tokens, sessions, live updates, mail, accounts, the teams, webhooks, settings) 401, as
 * a token has always been told there to sign in; on a write (`action`) of a read-only token 403.
 * A session passes untouched: its rights are the route's and its service's to check.
 */
export function tokenReach(action: Action, subject?: Subject) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = c.var.actor.apiToken;
    const refusal = token ? tokenRefusal(token, action, subject) : null;
    if (refusal === "sessionOnly") throw unauthorized(apiTokenMessages.sessionOnly);
    if (refusal === "readOnly") throw forbidden(apiTokenMessages.readOnly);
    await next();
  });
}
