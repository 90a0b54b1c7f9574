import fc from "fast-check";
import { z } from "zod";
import {
  changeEmailInputSchema,
  disableTwoFactorInputSchema,
  enableTwoFactorInputSchema,
  verifyBackupCodeInputSchema,
  verifyTotpInputSchema,
  changePasswordInputSchema,
  requestPasswordResetInputSchema,
  resetPasswordInputSchema,
  signInInputSchema,
  signUpInputSchema,
  updateNameInputSchema,
} from "@/shared/schemas/auth";
import {
  commentSchema,
  createCommentInputSchema,
} from "@/shared/schemas/comment";
import {
  companyProfileInputSchema,
  companySchema,
  saveCompanyProfileResultSchema,
} from "@/shared/schemas/company";
import {
  createInvoiceInputSchema,
  invoiceSchema,
  updateInvoiceInputSchema,
} from "@/shared/schemas/invoice";
import { fileSchema } from "@/shared/schemas/file";
import { localeChoiceSchema } from "@/shared/schemas/me";
import {
  acceptedInvitationSchema,
  changeMemberRoleInputSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenInputSchema,
  inviteAdminInputSchema,
  inviteMemberInputSchema,
  memberSchema,
} from "@/shared/schemas/member";
import {
  markNotificationsReadResultSchema,
  markNotificationsReadSchema,
  notificationPreferencesSchema,
  unsubscribeInfoSchema,
  updateNotificationPreferencesSchema,
} from "@/shared/schemas/notification";
import {
  markMessagesReadInputSchema,
  markMessagesReadResultSchema,
  messageSchema,
  sendMessageInputSchema,
} from "@/shared/schemas/message";
import {
  createProjectInputSchema,
  projectSchema,
  updateProjectInputSchema,
} from "@/shared/schemas/project";
import {
  brandSettingsInputSchema,
  brandSettingsSchema,
  setupOwnerInputSchema,
  setupOwnerSchema,
} from "@/shared/schemas/setup";
import {
  createTicketInputSchema,
  ticketSchema,
  ticketSeenSchema,
  updateTicketInputSchema,
} from "@/shared/schemas/ticket";
import {
  changeUserRoleInputSchema,
  moveUserInputSchema,
  passwordResetSentSchema,
  removeTwoFactorInputSchema,
  userListItemSchema,
} from "@/shared/schemas/user";
import {
  createWebhookInputSchema,
  updateWebhookInputSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from "@/shared/schemas/webhook";
import { ENABLED_AUTH_ENDPOINTS } from "@/server/modules/auth/auth.routes";
import { unsubscribeToken } from "@/server/modules/notifications/unsubscribe-token";
import { hostileStrings } from "./hostile";
import { createApiTokenSchema, createdApiTokenSchema } from "@/shared/schemas/api-token";
import type { Hints } from "./zod-arbitrary";
import type { ActorName, World } from "./world";

/** One write endpoint to fuzz: the registered route it belongs to, who calls it, and its contracts. */
export interface FuzzTarget {
  /** The registered route (`POST /api/auth/*` for Better Auth's endpoints). */
  route: string;
  method: string;
  /** The path with a real id; `id` is where a hostile id may go instead. */
  path: (world: World, id?: string) => string;
  hasId: boolean;
  /** The request body contract (absent: the endpoint takes no body worth generating). */
  input?: z.ZodType;
  hints?: (world: World) => Hints;
  /** The answer's contract for a 2xx. */
  output: z.ZodType;
  actors: ActorName[];
  /** Share of schema-shaped bodies among the generated ones (lower where each costs a password hash). */
  validWeight?: number;
  /** An upload route: each generated body travels as a file, its text as the file's name and content (fuzz-runner.ts). */
  upload?: boolean;
}

const authAnswer = z
  .object({ user: z.object({ id: z.uuid(), email: z.string() }) })
  .refine((body) => !("token" in body), "carries a session token");

/**
 * Every well-formed sign-in or sign-up costs a password hash (scrypt: cheap under the harness's test cost, still not free);
 * so 1 in 40 generated emails is well-formed, the rest exercise validation.
 */
const rarelyAnEmail = (email: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 1, arbitrary: email },
    {
      weight: 39,
      arbitrary: fc.oneof(
        fc.constantFrom(...hostileStrings),
        fc.string({ maxLength: 40 }),
      ),
    },
  );

const ids = (...values: string[]) =>
  fc.oneof(
    fc.constantFrom(...values),
    fc.uuid(),
    fc.constantFrom(...hostileStrings),
  );

function userTargets(): FuzzTarget[] {
  const missing = "00000000-0000-4000-8000-000000000000";
  const target = (
    action: string,
    method: string,
    input: z.ZodType | undefined,
    output: z.ZodType,
  ): FuzzTarget => ({
    route: `${method} /api/users/:id/${action}`,
    method,
    path: (_, id) => `/api/users/${id ?? missing}/${action}`,
    hasId: true,
    ...(input ? { input } : {}),
    output,
    actors: ["admin", "customerA"],
  });
  return [
    target("password-reset", "POST", undefined, passwordResetSentSchema),
    target("sign-out", "POST", undefined, userListItemSchema),
    target("deactivate", "POST", undefined, userListItemSchema),
    target("reactivate", "POST", undefined, userListItemSchema),
    target("role", "PUT", changeUserRoleInputSchema, userListItemSchema),
    target("company", "PUT", moveUserInputSchema, userListItemSchema),
    target(
      "remove-two-factor",
      "POST",
      removeTwoFactorInputSchema,
      userListItemSchema,
    ),
  ];
}

export function fuzzTargets(): FuzzTarget[] {
  const auth = (
    endpoint: string,
    input: z.ZodType | undefined,
    output: z.ZodType,
    validWeight: number,
    actors: ActorName[] = ["anonymous"],
  ): FuzzTarget => ({
    route: "POST /api/auth/*",
    method: "POST",
    path: () => `/api/auth${endpoint}`,
    hasId: false,
    ...(input ? { input } : {}),
    output,
    actors,
    validWeight,
  });
  const targets: FuzzTarget[] = [
    {
      ...auth("/sign-up/email", signUpInputSchema, authAnswer, 3),
      hints: () => ({ email: rarelyAnEmail(fc.emailAddress()) }),
    },
    {
      ...auth("/sign-in/email", signInInputSchema, authAnswer, 3),
      hints: (w) => ({
        email: rarelyAnEmail(
          fc.oneof(fc.emailAddress(), fc.constant(w.users.customerA.email)),
        ),
      }),
    },
    auth("/sign-out", undefined, z.object({ success: z.literal(true) }), 30),
    // A well-formed address is answered after a fixed delay (password-reset-limit.ts): rarely one.
    {
      ...auth(
        "/request-password-reset",
        requestPasswordResetInputSchema,
        z.object({ status: z.literal(true), message: z.string() }),
        3,
      ),
      hints: (w) => ({
        email: rarelyAnEmail(
          fc.oneof(fc.emailAddress(), fc.constant(w.users.loner.email)),
        ),
      }),
    },
    auth(
      "/reset-password",
      resetPasswordInputSchema,
      z.object({ status: z.literal(true) }),
      30,
    ),
    auth(
      "/update-user",
      updateNameInputSchema,
      z.object({ status: z.literal(true) }),
      30,
      ["loner", "admin"],
    ),
    // Each well-formed body hashes the new password; the loner's real password is never generated.
    auth(
      "/change-password",
      changePasswordInputSchema,
      z.object({ token: z.null(), user: z.object({ id: z.uuid() }) }),
      3,
      ["loner"],
    ),
    auth(
      "/change-email",
      changeEmailInputSchema,
      z.object({ status: z.literal(true) }),
      30,
      ["loner", "admin"],
    ),
    // Two-factor sign-in (ADR 019): nobody in the world has it on, so well-formed bodies are refused
    // after Better Auth's checks (a wrong password, no code step, nothing to check a code against).
    auth(
      "/two-factor/enable",
      enableTwoFactorInputSchema,
      z.object({
        totpURI: z.string(),
        secret: z.string(),
        qrCode: z.string(),
        backupCodes: z.array(z.string()),
      }),
      3,
      ["loner"],
    ),
    auth("/two-factor/verify-totp", verifyTotpInputSchema, authAnswer, 30, [
      "anonymous",
      "loner",
    ]),
    auth(
      "/two-factor/verify-backup-code",
      verifyBackupCodeInputSchema,
      authAnswer,
      30,
      ["anonymous", "loner"],
    ),
    auth(
      "/two-factor/disable",
      disableTwoFactorInputSchema,
      z.object({ status: z.literal(true) }),
      3,
      ["loner"],
    ),
    {
      route: "PUT /api/companies/mine",
      method: "PUT",
      path: () => "/api/companies/mine",
      hasId: false,
      input: companyProfileInputSchema,
      output: saveCompanyProfileResultSchema,
      actors: ["customerA", "memberA"],
    },
    {
      route: "POST /api/companies",
      method: "POST",
      path: () => "/api/companies",
      hasId: false,
      input: companyProfileInputSchema,
      output: companySchema,
      actors: ["admin"],
    },
    {
      route: "PUT /api/companies/:id",
      method: "PUT",
      path: (w, id) => `/api/companies/${id ?? w.b.company.id}`,
      hasId: true,
      input: companyProfileInputSchema,
      output: companySchema,
      actors: ["admin"],
    },
    {
      route: "POST /api/projects",
      method: "POST",
      path: () => "/api/projects",
      hasId: false,
      input: createProjectInputSchema,
      hints: (w) => ({ companyId: ids(w.a.company.id, w.b.company.id) }),
      output: projectSchema,
      actors: ["admin"],
    },
    {
      route: "PATCH /api/projects/:id",
      method: "PATCH",
      path: (w, id) => `/api/projects/${id ?? w.a.projects[1]!.id}`,
      hasId: true,
      input: updateProjectInputSchema,
      hints: (w) => ({
        assignedTo: fc.oneof(
          ids(w.users.admin.id, w.users.customerA.id),
          fc.constant(""),
          fc.constant(null),
        ),
      }),
      output: projectSchema,
      actors: ["admin"],
    },
    {
      route: "POST /api/projects/:id/comments",
      method: "POST",
      path: (w, id) => `/api/projects/${id ?? w.a.projects[0]!.id}/comments`,
      hasId: true,
      input: createCommentInputSchema,
      output: commentSchema,
      actors: ["customerA", "admin"],
    },
    {
      route: "POST /api/tickets",
      method: "POST",
      path: () => "/api/tickets",
      hasId: false,
      input: createTicketInputSchema,
      hints: (w) => ({
        projectId: ids(
          w.a.projects[0]!.id,
          w.a.projects[1]!.id,
          w.b.projects[0]!.id,
        ),
      }),
      output: ticketSchema,
      actors: ["customerA", "memberA", "admin"],
    },
    {
      route: "PATCH /api/tickets/:id",
      method: "PATCH",
      path: (w, id) => `/api/tickets/${id ?? w.a.tickets[2]!.id}`,
      hasId: true,
      input: updateTicketInputSchema,
      hints: (w) => ({
        assignedTo: fc.oneof(ids(w.users.admin.id, w.users.customerA.id), fc.constant(""), fc.constant(null)),
      }),
      output: ticketSchema,
      actors: ["admin"],
    },
    {
      route: "POST /api/tickets/:id/seen",
      method: "POST",
      path: (w, id) => `/api/tickets/${id ?? w.a.tickets[0]!.id}/seen`,
      hasId: true,
      output: ticketSeenSchema,
      actors: ["admin", "customerA"],
    },
    {
      route: "POST /api/tickets/:id/comments",
      method: "POST",
      path: (w, id) => `/api/tickets/${id ?? w.a.tickets[0]!.id}/comments`,
      hasId: true,
      input: createCommentInputSchema,
      output: commentSchema,
      actors: ["customerA", "admin"],
    },
    {
      route: "POST /api/invoices",
      method: "POST",
      path: () => "/api/invoices",
      hasId: false,
      input: createInvoiceInputSchema,
      hints: (w) => ({
        companyId: ids(w.a.company.id, w.b.company.id),
        amount: fc.oneof(
          fc
            .tuple(fc.nat({ max: 99_999_999 }), fc.nat({ max: 99 }))
            .map(
              ([whole, cents]) => `${whole}.${String(cents).padStart(2, "0")}`,
            ),
          fc.double(),
          fc.integer(),
          fc.constantFrom(
            "99999999999.99",
            "1e5",
            "0x10",
            "-1",
            "1,000.00",
            " 12.5 ",
            "0.001",
          ),
        ),
      }),
      output: invoiceSchema,
      actors: ["admin"],
    },
    {
      route: "PATCH /api/invoices/:id",
      method: "PATCH",
      path: (w, id) => `/api/invoices/${id ?? w.a.invoices[1]!.id}`,
      hasId: true,
      input: updateInvoiceInputSchema,
      output: invoiceSchema,
      actors: ["admin"],
    },
    {
      route: "POST /api/messages",
      method: "POST",
      path: () => "/api/messages",
      hasId: false,
      input: sendMessageInputSchema,
      hints: (w) => ({
        companyId: ids(w.a.company.id, w.b.company.id),
        id: ids(w.a.messages[0]!.id, w.b.messages[0]!.id),
      }),
      output: messageSchema,
      actors: ["customerA", "admin"],
    },
    {
      route: "POST /api/messages/read",
      method: "POST",
      path: () => "/api/messages/read",
      hasId: false,
      input: markMessagesReadInputSchema,
      hints: (w) => ({ companyId: ids(w.a.company.id, w.b.company.id) }),
      output: markMessagesReadResultSchema,
      actors: ["customerA", "admin"],
    },
    // A company's team (ADR 015). Removals aim at someone who is no member (the loner), so the
    // world's members stay; hostile ids take the id's place.
    {
      route: "POST /api/companies/:id/invitations",
      method: "POST",
      path: (w, id) => `/api/companies/${id ?? w.a.company.id}/invitations`,
      hasId: true,
      input: inviteMemberInputSchema,
      output: invitationSchema,
      actors: ["customerA", "memberA", "admin"],
    },
    {
      route: "PATCH /api/companies/:id/members/:userId",
      method: "PATCH",
      path: (w, id) =>
        `/api/companies/${w.a.company.id}/members/${id ?? w.users.memberA.id}`,
      hasId: true,
      // Only ever "member" for a member: the shape of the real contract, and the world's owners stay owners.
      input: z.object({
        role: z.literal(changeMemberRoleInputSchema.shape.role.enum.member),
      }),
      output: memberSchema,
      actors: ["customerA", "admin"],
    },
    {
      route: "DELETE /api/companies/:id/members/:userId",
      method: "DELETE",
      path: (w, id) =>
        `/api/companies/${w.a.company.id}/members/${id ?? w.users.loner.id}`,
      hasId: true,
      output: z.undefined(),
      actors: ["customerA", "admin"],
    },
    {
      route: "POST /api/invitations/:id/resend",
      method: "POST",
      path: (_, id) =>
        `/api/invitations/${id ?? "00000000-0000-4000-8000-000000000000"}/resend`,
      hasId: true,
      output: invitationSchema,
      actors: ["customerA", "admin"],
    },
    {
      route: "DELETE /api/invitations/:id",
      method: "DELETE",
      path: (_, id) =>
        `/api/invitations/${id ?? "00000000-0000-4000-8000-000000000000"}`,
      hasId: true,
      output: z.undefined(),
      actors: ["customerA", "admin"],
    },
    {
      route: "POST /api/team/invitations",
      method: "POST",
      path: () => "/api/team/invitations",
      hasId: false,
      input: inviteAdminInputSchema,
      output: invitationSchema,
      actors: ["admin"],
    },
    {
      // Only hostile and unknown ids: a real one would end a world user's session.
      route: "DELETE /api/sessions/:id",
      method: "DELETE",
      path: (_, id) =>
        `/api/sessions/${id ?? "00000000-0000-4000-8000-000000000000"}`,
      hasId: true,
      output: z.undefined(),
      actors: ["customerA", "admin", "anonymous"],
    },
    {
      // The caller's other sessions end; the world's session of each actor is the one it calls with.
      route: "POST /api/sessions/end-others",
      method: "POST",
      path: () => "/api/sessions/end-others",
      hasId: false,
      output: z.object({ ended: z.number() }),
      actors: ["loner", "anonymous"],
    },
    {
      // A valid body makes a token (up to the per-person limit, then 409); a member's is refused.
      route: "POST /api/tokens",
      method: "POST",
      path: () => "/api/tokens",
      hasId: false,
      input: createApiTokenSchema,
      output: createdApiTokenSchema,
      actors: ["customerA", "memberA", "admin", "anonymous"],
    },
    {
      // Only hostile and unknown ids: a real one would revoke a token the matrix's token actors use.
      route: "DELETE /api/tokens/:id",
      method: "DELETE",
      path: (_, id) => `/api/tokens/${id ?? "00000000-0000-4000-8000-000000000000"}`,
      hasId: true,
      output: z.undefined(),
      actors: ["customerA", "admin", "anonymous"],
    },
    // The admin Users page (ADR 020). Only hostile and unknown ids: a real one would deactivate,
    // demote or move a world user. The bodies still meet every check that runs before the look-up.
    ...userTargets(),
    {
      route: "POST /api/invitations/preview",
      method: "POST",
      path: () => "/api/invitations/preview",
      hasId: false,
      input: invitationTokenInputSchema,
      output: invitationPreviewSchema,
      actors: ["anonymous"],
    },
    {
      // The world has an admin, so setup is closed: every body, valid or not, must be refused cleanly.
      route: "POST /api/setup/owner",
      method: "POST",
      path: () => "/api/setup/owner",
      hasId: false,
      input: setupOwnerInputSchema,
      output: setupOwnerSchema,
      actors: ["anonymous"],
    },
    {
      route: "PUT /api/settings/brand",
      method: "PUT",
      path: () => "/api/settings/brand",
      hasId: false,
      input: brandSettingsInputSchema,
      output: brandSettingsSchema,
      actors: ["admin", "customerA"],
    },
    {
      // Marks the caller's own only: another's ids, or another company's record, change nothing.
      route: "POST /api/notifications/read",
      method: "POST",
      path: () => "/api/notifications/read",
      hasId: false,
      input: markNotificationsReadSchema,
      output: markNotificationsReadResultSchema,
      actors: ["customerA", "admin"],
    },
    {
      // The caller's own language (ADR 032): one of Portico's, or null.
      route: "PUT /api/me/locale",
      method: "PUT",
      path: () => "/api/me/locale",
      hasId: false,
      input: localeChoiceSchema,
      output: localeChoiceSchema,
      actors: ["customerA", "admin", "anonymous"],
    },
    {
      route: "PUT /api/notifications/preferences",
      method: "PUT",
      path: () => "/api/notifications/preferences",
      hasId: false,
      input: updateNotificationPreferencesSchema,
      output: notificationPreferencesSchema,
      actors: ["customerA", "admin", "anonymous"],
    },
    {
      // Public (ADR 029): the loner's real token, or a hostile one in its place; any body.
      route: "POST /api/notifications/unsubscribe",
      method: "POST",
      path: (w, id) =>
        `/api/notifications/unsubscribe?token=${id ?? encodeURIComponent(unsubscribeToken(w.server.env.AUTH_SECRET, { userId: w.users.loner.id, kind: "project_created" }))}`,
      hasId: true,
      output: unsubscribeInfoSchema,
      actors: ["anonymous", "customerA"],
    },
    {
      route: "POST /api/invitations/accept",
      method: "POST",
      path: () => "/api/invitations/accept",
      hasId: false,
      input: invitationTokenInputSchema,
      output: acceptedInvitationSchema,
      actors: ["loner", "customerA"],
    },
  ];
  // Files (ADR 022): hostile names and contents, and hostile ids of the records they go to.
  const missing = "00000000-0000-4000-8000-000000000000";
  targets.push(
    {
      route: "POST /api/tickets/:id/files",
      method: "POST",
      path: (w, id) => `/api/tickets/${id ?? w.a.tickets[1]!.id}/files`,
      hasId: true,
      output: fileSchema,
      actors: ["customerA", "memberA", "customerB", "admin"],
      upload: true,
    },
    {
      route: "POST /api/tickets/:id/comments/:commentId/files",
      method: "POST",
      path: (w, id) =>
        `/api/tickets/${w.a.tickets[0]!.id}/comments/${id ?? w.a.ticketComments[0]!.id}/files`,
      hasId: true,
      output: fileSchema,
      actors: ["customerA", "memberA", "admin"],
      upload: true,
    },
    {
      route: "POST /api/projects/:id/comments/:commentId/files",
      method: "POST",
      path: (w, id) =>
        `/api/projects/${w.a.projects[0]!.id}/comments/${id ?? w.a.projectComments[0]!.id}/files`,
      hasId: true,
      output: fileSchema,
      actors: ["customerA", "memberA", "admin"],
      upload: true,
    },
    {
      route: "POST /api/messages/:id/files",
      method: "POST",
      path: (w, id) => `/api/messages/${id ?? w.a.messages[0]!.id}/files`,
      hasId: true,
      output: fileSchema,
      actors: ["customerA", "memberA", "admin"],
      upload: true,
    },
    {
      route: "PUT /api/invoices/:id/pdf",
      method: "PUT",
      path: (w, id) => `/api/invoices/${id ?? w.a.invoices[1]!.id}/pdf`,
      hasId: true,
      output: invoiceSchema,
      actors: ["admin", "customerA"],
      upload: true,
    },
    {
      // Only hostile and unknown ids: a real one would delete a world file the other suites read.
      route: "DELETE /api/invoices/:id/pdf",
      method: "DELETE",
      path: (_, id) => `/api/invoices/${id ?? missing}/pdf`,
      hasId: true,
      output: invoiceSchema,
      actors: ["admin", "customerA"],
    },
    {
      // No body; each success is one more draft copy of A's unpaid invoice in this file's world.
      route: "POST /api/invoices/:id/reissue",
      method: "POST",
      path: (w, id) => `/api/invoices/${id ?? w.a.invoices[1]!.id}/reissue`,
      hasId: true,
      output: invoiceSchema,
      actors: ["admin", "customerA"],
    },
    {
      // Only hostile and unknown ids: a real draft would be gone for the other cases.
      route: "DELETE /api/invoices/:id",
      method: "DELETE",
      path: (_, id) => `/api/invoices/${id ?? missing}`,
      hasId: true,
      output: z.undefined(),
      actors: ["admin", "customerA"],
    },
    {
      route: "DELETE /api/files/:id",
      method: "DELETE",
      path: (_, id) => `/api/files/${id ?? missing}`,
      hasId: true,
      output: z.undefined(),
      actors: ["customerA", "admin"],
    },
  );
  // Webhooks (ADR 031): admins' only; without WEBHOOK_ALLOW_PRIVATE an internal URL is a 400.
  // Deletions aim at hostile and unknown ids only, so the world's endpoint stays.
  targets.push(
    {
      route: "POST /api/webhooks",
      method: "POST",
      path: () => "/api/webhooks",
      hasId: false,
      input: createWebhookInputSchema,
      hints: (w) => ({
        companyId: fc.oneof(ids(w.a.company.id, w.b.company.id), fc.constant(null)),
        url: fc.oneof(
          fc.webUrl({ validSchemes: ["https", "http"] }),
          fc.constantFrom("http://127.0.0.1/x", "http://[::1]/x", "http://169.254.169.254/latest", "http://localhost:3000/", "https://user:pw@example.com/", "javascript:alert(1)"),
          fc.constantFrom(...hostileStrings),
        ),
      }),
      output: webhookWithSecretSchema,
      actors: ["admin", "customerA"],
    },
    {
      route: "PATCH /api/webhooks/:id",
      method: "PATCH",
      path: (w, id) => `/api/webhooks/${id ?? w.webhook.endpointId}`,
      hasId: true,
      input: updateWebhookInputSchema,
      hints: (w) => ({ companyId: fc.oneof(ids(w.a.company.id, w.b.company.id), fc.constant(null)) }),
      output: webhookSchema,
      actors: ["admin", "customerA"],
    },
    {
      route: "DELETE /api/webhooks/:id",
      method: "DELETE",
      path: (_, id) => `/api/webhooks/${id ?? missing}`,
      hasId: true,
      output: z.undefined(),
      actors: ["admin", "customerA"],
    },
    {
      route: "POST /api/webhooks/:id/rotate-secret",
      method: "POST",
      path: (w, id) => `/api/webhooks/${id ?? w.webhook.endpointId}/rotate-secret`,
      hasId: true,
      output: webhookWithSecretSchema,
      actors: ["admin", "customerA"],
    },
    {
      route: "POST /api/webhooks/deliveries/:id/resend",
      method: "POST",
      path: (w, id) => `/api/webhooks/deliveries/${id ?? w.webhook.deliveryId}/resend`,
      hasId: true,
      output: webhookDeliverySchema,
      actors: ["admin", "customerA"],
    },
  );
  const authPosts = [...ENABLED_AUTH_ENDPOINTS].filter((endpoint) =>
    endpoint.startsWith("POST "),
  );
  const fuzzedAuth = targets.filter(
    (target) => target.route === "POST /api/auth/*",
  ).length;
  if (authPosts.length !== fuzzedAuth)
    throw new Error(
      `fuzz targets cover ${fuzzedAuth} of the ${authPosts.length} enabled auth POST endpoints`,
    );
  return targets;
}
