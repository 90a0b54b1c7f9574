import { z } from "@hono/zod-openapi";
import { changeMemberInputSchema, companyTeamSchema, invitationSchema, inviteMemberInputSchema, memberSchema } from "@/shared/schemas/member";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { idParams, idRead, idWrite, jsonBody, jsonContent, sessionRoutes } from "../../http/openapi";
import { inviteMember } from "./invitations.service";
import { changeMember, readCompanyTeam, removeMember } from "./members.service";

/** A company's team, below /api/companies (ADR 015): one set of routes for its owners and for admins. */
const route = sessionRoutes("Members", { subject: "member" });

const memberParams = idParams.extend({ userId: z.uuid("Not a valid id").openapi({ param: { name: "userId", in: "path" } }) });

const teamRoute = route.get("/{id}/team", "getCompanyTeam", "A company's members and pending invitations: its members and admins may read it", [400, 401, 404], {
  ...idRead(companyTeamSchema, "Members, owners first, and pending invitations"),
});

const inviteRoute = idempotent(route.post("/{id}/invitations", "inviteMember", "Owner or admin: invite an address to the company (mails a link valid 7 days)", [400, 401, 403, 404, 409], {
  ...idWrite(inviteMemberInputSchema, 201, invitationSchema, "The pending invitation"),
}));

const roleRoute = route.patch("/{id}/members/{userId}", "changeMemberRole", "Owner or admin: make a member owner, or an owner member (one owner always stays); allow a member to answer quotes", [400, 401, 403, 404, 409], {
  description:
    "Give any of `role`, `answersQuotes` and `readsAccessLog`. Owners always answer the company's quotes and read its access log; " +
    "`answersQuotes` lets a member accept or decline quotes too (ADR 049), `readsAccessLog` read the access log (ADR 050).",
  request: { params: memberParams, body: jsonBody(changeMemberInputSchema) },
  responses: { 200: jsonContent(memberSchema, "The member") },
});

const removeRoute = route.delete("/{id}/members/{userId}", "removeMember", "Owner or admin: remove a member; their access ends at once", [400, 401, 403, 404, 409], {
  request: { params: memberParams },
  responses: { 204: { description: "Removed" } },
});

export function memberRoutes() {
  return createRouter()
    .openapi(teamRoute, async (c) => c.json(await readCompanyTeam(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(inviteRoute, async (c) => {
      const { email, role } = c.req.valid("json");
      return c.json(await inviteMember(c.var.ctx, { companyId: c.req.valid("param").id, email, role }), 201);
    })
    .openapi(roleRoute, async (c) => {
      const { id, userId } = c.req.valid("param");
      return c.json(await changeMember(c.var.ctx, { companyId: id, userId, changes: c.req.valid("json") }), 200);
    })
    .openapi(removeRoute, async (c) => {
      const { id, userId } = c.req.valid("param");
      await removeMember(c.var.ctx, { companyId: id, userId });
      return c.body(null, 204);
    });
}
