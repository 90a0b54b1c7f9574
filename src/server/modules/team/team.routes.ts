import { z } from "@hono/zod-openapi";
import { invitationSchema, inviteAdminInputSchema } from "@/shared/schemas/member";
import { teamSchema } from "@/shared/schemas/team";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { bodyWrite, jsonContent, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { inviteAdmin, listAdminInvitations } from "../members/invitations.service";
import { listTeam } from "./team.service";

const route = sessionRoutes("Team", { subject: "team" });

const listRoute = route.get("/", "listTeam", "Admin: the team members (admins) selectable as a project's assignee", [401, 403], {
  middleware: adminOnly,
  responses: { 200: jsonContent(teamSchema, "Admins by name") },
});

const invitationsRoute = route.get("/invitations", "listAdminInvitations", "Admin: pending invitations to the provider's team, newest first", [401, 403], {
  middleware: adminOnly,
  responses: { 200: jsonContent(z.array(invitationSchema), "Pending invitations") },
});

const inviteRoute = idempotent(route.post("/invitations", "inviteAdmin", "Admin: invite an address to become an admin (mails a link valid 7 days)", [400, 401, 403, 409], {
  middleware: adminOnly,
  ...bodyWrite(inviteAdminInputSchema, 201, invitationSchema, "The pending invitation"),
}));

export function teamRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listTeam(c.var.ctx), 200))
    .openapi(invitationsRoute, async (c) => c.json(await listAdminInvitations(c.var.ctx), 200))
    .openapi(inviteRoute, async (c) => c.json(await inviteAdmin(c.var.ctx, c.req.valid("json")), 201));
}
