import {
  changeUserRoleInputSchema,
  moveUserInputSchema,
  passwordResetSentSchema,
  removeTwoFactorInputSchema,
  userListItemSchema,
  userListQuerySchema,
  userPageSchema,
} from "@/shared/schemas/user";
import { createRouter } from "../../http/context";
import { idParams, idRead, idWrite, jsonContent, queryRead, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import {
  changeUserRole,
  deactivateUser,
  listUsers,
  moveUser,
  reactivateUser,
  removeTwoFactor,
  sendPasswordReset,
  signOutEverywhere,
} from "./users.service";

/** The admin Users page (ADR 020): every account, and what an admin may do to one. */
const route = sessionRoutes("Users", { subject: "user" });

const listRoute = route.get("/", "listUsers", "Admin: every account with role, company, last sign-in, two-factor and status; search by name or email", [400, 401, 403], {
  middleware: adminOnly,
  ...queryRead(userListQuerySchema, userPageSchema, "A page of accounts, newest first"),
});

const resetRoute = route.post("/{id}/password-reset", "sendUserPasswordReset", "Admin: mail the account a password-reset link (through the outbox)", [400, 401, 403, 404, 409], {
  middleware: adminOnly,
  request: { params: idParams },
  responses: { 202: jsonContent(passwordResetSentSchema, "The reset mail is queued") },
});

const signOutRoute = route.post("/{id}/sign-out", "signOutUserEverywhere", "Admin: end every session of the account at once; it stays active and may sign in again", [400, 401, 403, 404, 409], {
  middleware: adminOnly,
  ...idRead(userListItemSchema, "The account, signed out everywhere"),
});

const deactivateRoute = route.post("/{id}/deactivate", "deactivateUser", "Admin: the account can no longer sign in and its sessions end at once; its data stays", [400, 401, 403, 404, 409], {
  middleware: adminOnly,
  ...idRead(userListItemSchema, "The account, deactivated"),
});

const reactivateRoute = route.post("/{id}/reactivate", "reactivateUser", "Admin: the account may sign in again", [400, 401, 403, 404], {
  middleware: adminOnly,
  ...idRead(userListItemSchema, "The account, active"),
});

const roleRoute = route.put("/{id}/role", "changeUserRole", "Admin: promote to admin or back to customer (one admin always stays; never oneself); the account's sessions end", [400, 401, 403, 404, 409], {
  middleware: adminOnly,
  ...idWrite(changeUserRoleInputSchema, 200, userListItemSchema, "The account with its new role"),
});

const companyRoute = route.put("/{id}/company", "moveUser", "Admin: move a customer to another company as a member, or out of their company with null", [400, 401, 403, 404, 409], {
  middleware: adminOnly,
  ...idWrite(moveUserInputSchema, 200, userListItemSchema, "The account in its new company"),
});

const twoFactorRoute = route.post("/{id}/remove-two-factor", "removeUserTwoFactor", "Admin: remove the account's two-factor authentication after verifying the person's identity out of band", [400, 401, 403, 404, 409], {
  middleware: adminOnly,
  ...idWrite(removeTwoFactorInputSchema, 200, userListItemSchema, "The account, two-factor authentication off"),
});

export function usersRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listUsers(c.var.ctx, c.req.valid("query")), 200))
    .openapi(resetRoute, async (c) => c.json(await sendPasswordReset(c.var.ctx, c.req.valid("param")), 202))
    .openapi(signOutRoute, async (c) => c.json(await signOutEverywhere(c.var.ctx, c.req.valid("param")), 200))
    .openapi(deactivateRoute, async (c) => c.json(await deactivateUser(c.var.ctx, c.req.valid("param")), 200))
    .openapi(reactivateRoute, async (c) => c.json(await reactivateUser(c.var.ctx, c.req.valid("param")), 200))
    .openapi(roleRoute, async (c) => c.json(await changeUserRole(c.var.ctx, { ...c.req.valid("param"), ...c.req.valid("json") }), 200))
    .openapi(companyRoute, async (c) => c.json(await moveUser(c.var.ctx, { ...c.req.valid("param"), ...c.req.valid("json") }), 200))
    // The body's only field is the admin's statement that they verified the person (checked by the schema).
    .openapi(twoFactorRoute, async (c) => c.json(await removeTwoFactor(c.var.ctx, c.req.valid("param")), 200));
}
