import { createMiddleware } from "hono/factory";
import type { Actor, SystemActor } from "../actor";
import type { Auth } from "../auth";
import { recordChange } from "../changes/listeners";
import type { ActingContext, AuthPort, RequestClient, ServiceContext } from "../modules/context";
import { announce } from "../realtime/announce";
import { paymentProviderOf } from "../modules/payments/provider-of";
import type { AppDeps, AppEnv } from "./context";
import { clientIp } from "./security";
import { ACCESS_REASON_HEADER } from "../../shared/rules/access-log";
import { accessReasonOf } from "../modules/access-log/access-reason-header";

/** What a ServiceContext is made of: the process's dependencies (one AppDeps per process or test server). */
export type ServiceDeps = Pick<AppDeps, "db" | "mail" | "env" | "files" | "log" | "auth" | "brand" | "actors">;

const systemClock = { now: () => new Date() };

/** The two Better Auth calls services make, behind the port they see (modules/context.ts). */
export function authPort(auth: Auth): AuthPort {
  return {
    async requestPasswordReset(email) {
      await auth.api.requestPasswordReset({ body: { email } });
    },
    async createApiKey(body) {
      const made = await auth.api.createApiKey({ body });
      return {
        id: made.id,
        key: made.key,
        start: made.start ?? null,
        createdAt: new Date(made.createdAt),
        expiresAt: made.expiresAt ? new Date(made.expiresAt) : null,
      };
    },
  };
}

/**
 * The process's part of every ServiceContext, made once: all but who is calling. `serviceContext`
 * completes it per call; a test or script calls it directly with the actor it acts as. A payment
 * provider's webhook acts as a SystemActor and gets a context typed so (ActingContext).
 */
export function serviceContextOf(deps: ServiceDeps): <A extends Actor | SystemActor = Actor>(actor: A, request?: { client?: RequestClient; log?: ServiceContext["log"] }) => ActingContext<A> {
  const { env } = deps;
  const process = {
    db: deps.db,
    announce,
    record: recordChange,
    mail: deps.mail.outbox,
    store: deps.files,
    auth: authPort(deps.auth),
    forgetActor: (userId: string) => deps.actors.evictUser(userId),
    payments: paymentProviderOf(env),
    brand: deps.brand,
    clock: systemClock,
    billing: { currency: env.CURRENCY, timeZone: env.TIME_ZONE, defaultHourlyRate: env.DEFAULT_HOURLY_RATE ?? null },
    settings: {
      webhooks: { authSecret: env.AUTH_SECRET, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE },
      maxUploadMb: env.MAX_UPLOAD_MB,
      requireAccessReason: env.REQUIRE_ACCESS_REASON,
      baseUrl: env.BASE_URL,
      singleSignOn: { authSecret: env.AUTH_SECRET },
      inbound: env.INBOUND_DOMAIN
        ? { domain: env.INBOUND_DOMAIN, supportLocalPart: env.INBOUND_SUPPORT_LOCAL_PART, authSecret: env.AUTH_SECRET, messageIdDomain: new URL(env.BASE_URL).hostname }
        : null,
    },
  } satisfies Omit<ServiceContext, "actor" | "log" | "client">;
  return (actor, { client, log = deps.log } = {}) => ({ ...process, actor, log, ...(client ? { client } : {}) });
}

/** Builds the request's ServiceContext once, after requireSession put the actor on the context. */
export function provideServiceContext(deps: ServiceDeps) {
  const contextFor = serviceContextOf(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    const client = { ip: clientIp(c, deps.env.TRUSTED_PROXIES), userAgent: c.req.header("user-agent") ?? null, accessReason: accessReasonOf(c.req.header(ACCESS_REASON_HEADER)) };
    // The request's logger: its lines carry the request id, as the route layer's own do.
    const log = deps.log.child({ requestId: c.get("requestId") });
    c.set("ctx", contextFor(c.var.actor, { client, log }));
    await next();
  });
}
