import { teamSchema } from "@/shared/schemas/team";
import { createRouter } from "../../http/context";
import { jsonContent, sessionRoutes } from "../../http/openapi";
import { requireRole } from "../../http/session";
import { listTeam } from "./team.service";

const route = sessionRoutes("Team");

const listRoute = route.get("/", "listTeam", "Admin: the team members (admins) selectable as a project's assignee", [401, 403], {
  middleware: requireRole("admin"),
  responses: { 200: jsonContent(teamSchema, "Admins by name") },
});

export function teamRoutes() {
  return createRouter().openapi(listRoute, async (c) => c.json(await listTeam(c.var.ctx), 200));
}
