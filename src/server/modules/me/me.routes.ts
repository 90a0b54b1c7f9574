import { meSchema } from "@/shared/schemas/me";
import { createRouter } from "../../http/context";
import type { Env } from "../../env";
import { jsonContent, sessionRoutes } from "../../http/openapi";
import { mustEnrolTwoFactor } from "../../http/session";
import { findMe } from "./me.service";

const route = sessionRoutes("Session", { openWithoutTwoFactor: true });

const getMe = route.get("/", "getMe", "The signed-in user, role and company", [401], { responses: { 200: jsonContent(meSchema, "The caller") } });

export function meRoutes(env: Pick<Env, "REQUIRE_ADMIN_2FA">) {
  return createRouter().openapi(getMe, async (c) => c.json(await findMe(c.var.ctx, { mustEnrolTwoFactor: mustEnrolTwoFactor(env, c.var.ctx.actor) }), 200));
}
