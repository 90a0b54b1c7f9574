import { createMiddleware } from "hono/factory";
import type { ServiceContext } from "../modules/context";
import type { AppDeps, AppEnv } from "./context";

/** Builds the request's ServiceContext once, after requireSession put the actor on the context. */
export function provideServiceContext({ db, events, mail, env }: Pick<AppDeps, "db" | "events" | "mail" | "env">) {
  const billing = { currency: env.CURRENCY, timeZone: env.TIME_ZONE };
  return createMiddleware<AppEnv>(async (c, next) => {
    const ctx: ServiceContext = { db, actor: c.var.actor, publish: (event) => events.publish(event), mail: mail.outbox, billing };
    c.set("ctx", ctx);
    await next();
  });
}
