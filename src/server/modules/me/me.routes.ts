import { meSchema } from "@/shared/schemas/me";
import { createRouter } from "../../http/context";
import { jsonContent, sessionRoutes } from "../../http/openapi";
import { findMe } from "./me.service";

const route = sessionRoutes("Session");

const getMe = route.get("/", "getMe", "The signed-in user, role and company", [401], { responses: { 200: jsonContent(meSchema, "The caller") } });

export function meRoutes() {
  return createRouter().openapi(getMe, async (c) => c.json(await findMe(c.var.ctx), 200));
}
