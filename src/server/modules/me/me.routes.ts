import { createRoute } from "@hono/zod-openapi";
import { meSchema } from "@/shared/schemas/me";
import { createRouter } from "../../http/context";
import { jsonContent, problemResponses, sessionSecurity } from "../../http/openapi";
import { findMe } from "./me.service";

const getMe = createRoute({
  method: "get",
  path: "/",
  tags: ["Session"],
  summary: "The signed-in user, role and company",
  security: sessionSecurity,
  responses: { 200: jsonContent(meSchema, "The caller"), 401: problemResponses[401] },
});

export function meRoutes() {
  return createRouter().openapi(getMe, async (c) => c.json(await findMe(c.var.ctx), 200));
}
