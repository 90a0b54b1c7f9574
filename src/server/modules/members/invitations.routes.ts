import { createRoute } from "@hono/zod-openapi";
import { acceptedInvitationSchema, invitationPreviewSchema, invitationSchema, invitationTokenInputSchema, signupPolicySchema } from "@/shared/schemas/member";
import { createRouter, type AppDeps } from "../../http/context";
import { bodyWrite, idRead, idRemoval, jsonBody, jsonContent, noSecurity, problemResponses, sessionRoutes, writeRefusals } from "../../http/openapi";
import { clientIp } from "../../http/security";
import { limitInvitationLookups, previewInvitation } from "./invitation-redeem";
import { acceptInvitation, resendInvitation, revokeInvitation } from "./invitations.service";

const route = sessionRoutes("Invitations", { subject: "member" });

const acceptRoute = route.post("/accept", "acceptInvitation", "Accept an invitation sent to the caller's address: join its company, or the provider's team", [400, 401, 409, 429], {
  ...bodyWrite(invitationTokenInputSchema, 200, acceptedInvitationSchema, "Joined"),
});

const resendRoute = route.post("/{id}/resend", "resendInvitation", "Owner or admin: mail the invitation again with a new link and a new week", [400, 401, 403, 404], {
  ...idRead(invitationSchema, "The renewed invitation"),
});

const revokeRoute = route.delete("/{id}", "revokeInvitation", "Owner or admin: revoke a pending invitation; its link stops working", [400, 401, 403, 404], {
  ...idRemoval("Revoked"),
});

/** The session routes of invitations; `deps` for the client address the token lookups are limited by. */
export function invitationRoutes({ db, env }: Pick<AppDeps, "db" | "env">) {
  return createRouter()
    .openapi(acceptRoute, async (c) => {
      await limitInvitationLookups(db, clientIp(c, env.TRUSTED_PROXIES));
      return c.json(await acceptInvitation(c.var.ctx, c.req.valid("json").token), 200);
    })
    .openapi(resendRoute, async (c) => c.json(await resendInvitation(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(revokeRoute, async (c) => {
      await revokeInvitation(c.var.ctx, c.req.valid("param").id);
      return c.body(null, 204);
    });
}

const previewRoute = createRoute({
  method: "post",
  path: "/invitations/preview",
  tags: ["Invitations"],
  operationId: "previewInvitation",
  security: noSecurity,
  summary: "Public: who an invitation link is for and where it leads (the token in the body, never in a URL that gets logged)",
  request: { body: jsonBody(invitationTokenInputSchema) },
  // Public, so no 401; a write all the same, so the API's refusals of writes; lookups are limited per client address.
  responses: { 200: jsonContent(invitationPreviewSchema, "The invitation"), 400: problemResponses[400], 429: problemResponses[429], ...writeRefusals },
});

const signupPolicyRoute = createRoute({
  method: "get",
  path: "/signup-policy",
  tags: ["Invitations"],
  operationId: "getSignupPolicy",
  security: noSecurity,
  summary: "Public: whether anyone may sign up, or only through an invitation (SIGNUP_MODE)",
  responses: { 200: jsonContent(signupPolicySchema, "The policy") },
});

/** What a signed-out visitor needs before signing up: the policy, and what their invitation link says. */
export function publicInvitationRoutes({ db, env }: Pick<AppDeps, "db" | "env">) {
  return createRouter()
    .openapi(signupPolicyRoute, (c) => c.json({ mode: env.SIGNUP_MODE }, 200))
    .openapi(previewRoute, async (c) => {
      await limitInvitationLookups(db, clientIp(c, env.TRUSTED_PROXIES));
      return c.json(await previewInvitation(db, c.req.valid("json").token), 200);
    });
}
