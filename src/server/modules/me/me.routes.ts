import { createRoute } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { meSchema } from "@/shared/schemas/me";
import { companies } from "../../db/schema";
import { createRouter, type AppDeps } from "../../http/context";
import { jsonContent, problemResponses, sessionSecurity } from "../../http/openapi";

const getMe = createRoute({
  method: "get",
  path: "/",
  tags: ["Session"],
  summary: "The signed-in user, role and company",
  security: sessionSecurity,
  responses: { 200: jsonContent(meSchema, "The caller"), 401: problemResponses[401] },
});

export function meRoutes({ db }: Pick<AppDeps, "db">) {
  return createRouter().openapi(getMe, async (c) => {
    const actor = c.var.actor;
    const [company] = actor.companyId
      ? await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, actor.companyId))
      : [];
    return c.json(
      { id: actor.userId, name: actor.name, email: actor.email, role: actor.role, company: company ?? null },
      200,
    );
  });
}
