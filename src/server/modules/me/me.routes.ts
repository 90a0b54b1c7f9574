import { localeChoiceSchema, meSchema } from "@/shared/schemas/me";
import { createRouter } from "../../http/context";
import type { Env } from "../../env";
import { bodyWrite, jsonContent, sessionRoutes } from "../../http/openapi";
import { mustEnrolTwoFactor } from "../../http/session";
import { chooseLocale, findMe } from "./me.service";

const route = sessionRoutes("Session", { openWithoutTwoFactor: true });

const getMe = route.get("/", "getMe", "The signed-in user, role and company", [401], { responses: { 200: jsonContent(meSchema, "The caller") } });

const putLocale = route.put("/locale", "chooseLocale", "Pick the language the web app and mail speak to the caller, or null to follow the browser", [400, 401], {
  ...bodyWrite(localeChoiceSchema, 200, localeChoiceSchema, "The choice, as saved"),
});

export function meRoutes(env: Pick<Env, "REQUIRE_ADMIN_2FA">) {
  return createRouter()
    .openapi(getMe, async (c) => c.json(await findMe(c.var.ctx, { mustEnrolTwoFactor: mustEnrolTwoFactor(env, c.var.ctx.actor) }), 200))
    .openapi(putLocale, async (c) => c.json(await chooseLocale(c.var.ctx, c.req.valid("json")), 200));
}
