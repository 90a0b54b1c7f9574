import { createMiddleware } from "hono/factory";
import type { ServiceContext } from "../modules/context";
import type { AppDeps, AppEnv } from "./context";
import { clientIp } from "./security";

/** Builds the request's ServiceContext once, after requireSession put the actor on the context. */
export function provideServiceContext({ db, events, mail, env }: Pick<AppDeps, "db" | "events" | "mail" | "env">) {
  const billing = { currency: env.CURRENCY, timeZone: env.TIME_ZONE };
  return createMiddleware<AppEnv>(async (c, next) => {
    const client = { ip: clientIp(c, env.TRUSTED_PROXIES), userAgent: c.req.header("user-agent") ?? null };
    const ctx: ServiceContext = { db, actor: c.var.actor, publish: (event) => events.publish(event), mail: mail.outbox, billing, client };
    c.set("ctx", ctx);
    await next();
  });
}
