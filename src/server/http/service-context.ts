import { createMiddleware } from "hono/factory";
import type { ServiceContext } from "../modules/context";
import { announce } from "../realtime/announce";
import type { AppDeps, AppEnv } from "./context";
import { clientIp } from "./security";

/** Builds the request's ServiceContext once, after requireSession put the actor on the context. */
export function provideServiceContext({ db, mail, env }: Pick<AppDeps, "db" | "mail" | "env">) {
  const billing = { currency: env.CURRENCY, timeZone: env.TIME_ZONE };
  return createMiddleware<AppEnv>(async (c, next) => {
    const client = { ip: clientIp(c, env.TRUSTED_PROXIES), userAgent: c.req.header("user-agent") ?? null };
    const ctx: ServiceContext = { db, actor: c.var.actor, announce, mail: mail.outbox, billing, client };
    c.set("ctx", ctx);
    await next();
  });
}
