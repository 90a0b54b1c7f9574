import { createRoute } from "@hono/zod-openapi";
import { teamSchema } from "@/shared/schemas/team";
import { createRouter } from "../../http/context";
import { jsonContent, problemResponses, sessionSecurity } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { listTeam } from "./team.service";

const listRoute = createRoute({
  tags: ["Team"],
  security: sessionSecurity,
  method: "get",
  path: "/",
  summary: "Admin: the team members (admins) selectable as a project's assignee",
  middleware: [requireRole("admin")] as const,
  responses: { 200: jsonContent(teamSchema, "Admins by name"), 401: problemResponses[401], 403: problemResponses[403] },
});

export function teamRoutes() {
  return createRouter().openapi(listRoute, async (c) => c.json(await listTeam(c.var.ctx), 200));
}
