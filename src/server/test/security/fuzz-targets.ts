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
  createTicketCommentInputSchema,
} from "@/shared/schemas/comment";
import {
  companyProfileInputSchema,
  companySchema,
  saveCompanyProfileResultSchema,
} from "@/shared/schemas/company";
import {
  createInvoiceInputSchema,
  invoiceDetailSchema,
  invoiceSchema,
  updateInvoiceInputSchema,
} from "@/shared/schemas/invoice";
import { fileSchema } from "@/shared/schemas/file";
import { checkoutInputSchema, checkoutSchema, recordPaymentInputSchema } from "@/shared/schemas/payment";
import { inboundOutcomeSchema } from "@/shared/schemas/inbound";
import {
  createTimeEntryInputSchema,
  invoiceTimeInputSchema,
  projectTimeSchema,
  projectTimeSettingsInputSchema,
  timeEntrySchema,
  updateTimeEntryInputSchema,
} from "@/shared/schemas/time-entry";
import { createRecurringInvoiceInputSchema, recurringInvoiceDetailSchema } from "@/shared/schemas/recurring";
import { acceptQuoteInputSchema, createQuoteInputSchema, declineQuoteInputSchema, quoteDetailSchema, updateQuoteInputSchema } from "@/shared/schemas/quote";
import { localeChoiceSchema } from "@/shared/schemas/me";
import { companySsoInputSchema, companySsoSchema, ssoDiscoverInputSchema, ssoDiscoverySchema, ssoStartInputSchema, ssoStartSchema } from "@/shared/schemas/single-sign-on";
import {
  acceptedInvitationSchema,
  changeMemberInputSchema,
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
/** The hostile-input world's INBOUND_WEBHOOK_TOKEN: the inbound webhook's cases carry it. */
export const FUZZ_INBOUND_TOKEN = "inbound-token-of-the-hostile-input-suite";

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
  /** Headers of every case in place of the JSON content type (a webhook's own content type and credential). */
  headers?: Record<string, string>;
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

/** An id nobody has: sent where a real record would be changed for good, beside the hostile ids. */
const missing = "00000000-0000-4000-8000-000000000000";
const unknownId = () => missing;

/** What a target declares beside its route: the contracts, the callers, and the path's parameters. */
type TargetOn = Omit<FuzzTarget, "route" | "method" | "path" | "hasId"> & {
  /** A real value for each of the route's parameters; a hostile id takes the place of the last one. */
  params?: Record<string, (world: World) => string>;
};

/** A target sent with the method and to the path of its route ("PATCH /api/projects/:id"), so the two cannot drift apart. */
function on(route: string, { params = {}, ...target }: TargetOn): FuzzTarget {
  const [method, pattern] = route.split(" ") as [string, string];
  const names = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  for (const name of names) if (!params[name]) throw new Error(`${route}: no value for :${name}`);
  const last = names.at(-1);
  return {
    route,
    method,
    hasId: last !== undefined,
    path: (world, id) => pattern.replace(/:(\w+)/g, (_, name: string) => (name === last && id !== undefined ? id : params[name]!(world))),
    ...target,
  };
}

/**
 * A deletion sent hostile and unknown ids only, never a real one (that record would be gone for the
 * other cases and suites): it answers 204 without a body.
 */
const deletionAtUnknownIds = (route: string, actors: ActorName[]) => on(route, { params: { id: unknownId }, output: z.undefined(), actors });

/** A comment on one of A's projects or tickets, by its customer or an admin; a ticket's may be an internal note (the customer's: 403). */
const commentOn = (route: string, id: (world: World) => string, input: typeof createCommentInputSchema | typeof createTicketCommentInputSchema = createCommentInputSchema) =>
  on(route, { params: { id }, input, output: commentSchema, actors: ["customerA", "admin"] });

function userTargets(): FuzzTarget[] {
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
    on("PUT /api/companies/mine", {
      input: companyProfileInputSchema,
      output: saveCompanyProfileResultSchema,
      actors: ["customerA", "memberA"],
    }),
    on("POST /api/companies", {
      input: companyProfileInputSchema,
      output: companySchema,
      actors: ["admin"],
    }),
    on("PUT /api/companies/:id", {
      params: { id: (w) => w.b.company.id },
      input: companyProfileInputSchema,
      output: companySchema,
      actors: ["admin"],
    }),
    on("POST /api/projects", {
      input: createProjectInputSchema,
      hints: (w) => ({ companyId: ids(w.a.company.id, w.b.company.id) }),
      output: projectSchema,
      actors: ["admin"],
    }),
    on("PUT /api/projects/:id/inbox", {
      params: { id: (w) => w.a.projects[1]!.id },
      output: projectSchema,
      actors: ["admin", "customerA"],
    }),
    on("DELETE /api/projects/:id/inbox", {
      params: { id: (w) => w.a.projects[1]!.id },
      output: projectSchema,
      actors: ["admin", "customerA"],
    }),
    on("PATCH /api/projects/:id", {
      params: { id: (w) => w.a.projects[1]!.id },
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
    }),
    commentOn("POST /api/projects/:id/comments", (w) => w.a.projects[0]!.id),
    on("POST /api/tickets", {
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
    }),
    on("PATCH /api/tickets/:id", {
      params: { id: (w) => w.a.tickets[2]!.id },
      input: updateTicketInputSchema,
      hints: (w) => ({
        assignedTo: fc.oneof(ids(w.users.admin.id, w.users.customerA.id), fc.constant(""), fc.constant(null)),
      }),
      output: ticketSchema,
      actors: ["admin"],
    }),
    on("POST /api/tickets/:id/seen", {
      params: { id: (w) => w.a.tickets[0]!.id },
      output: ticketSeenSchema,
      actors: ["admin", "customerA"],
    }),
    commentOn("POST /api/tickets/:id/comments", (w) => w.a.tickets[0]!.id, createTicketCommentInputSchema),
    on("POST /api/invoices", {
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
    }),
    on("PATCH /api/invoices/:id", {
      params: { id: (w) => w.a.invoices[1]!.id },
      input: updateInvoiceInputSchema,
      output: invoiceSchema,
      actors: ["admin"],
    }),
    on("POST /api/messages", {
      input: sendMessageInputSchema,
      hints: (w) => ({
        companyId: ids(w.a.company.id, w.b.company.id),
        id: ids(w.a.messages[0]!.id, w.b.messages[0]!.id),
      }),
      output: messageSchema,
      actors: ["customerA", "admin"],
    }),
    on("POST /api/messages/read", {
      input: markMessagesReadInputSchema,
      hints: (w) => ({ companyId: ids(w.a.company.id, w.b.company.id) }),
      output: markMessagesReadResultSchema,
      actors: ["customerA", "admin"],
    }),
    // A company's team (ADR 015). Removals aim at someone who is no member (the loner), so the
    // world's members stay; hostile ids take the id's place.
    on("POST /api/companies/:id/invitations", {
      params: { id: (w) => w.a.company.id },
      input: inviteMemberInputSchema,
      output: invitationSchema,
      actors: ["customerA", "memberA", "admin"],
    }),
    on("PATCH /api/companies/:id/members/:userId", {
      params: { id: (w) => w.a.company.id, userId: (w) => w.users.memberA.id },
      // Only ever "member" for a member: the shape of the real contract, and the world's owners stay owners.
      input: z.object({
        role: z.literal(changeMemberInputSchema.shape.role.unwrap().enum.member),
      }),
      output: memberSchema,
      actors: ["customerA", "admin"],
    }),
    on("DELETE /api/companies/:id/members/:userId", {
      params: { id: (w) => w.a.company.id, userId: (w) => w.users.loner.id },
      output: z.undefined(),
      actors: ["customerA", "admin"],
    }),
    on("POST /api/invitations/:id/resend", {
      params: { id: unknownId },
      output: invitationSchema,
      actors: ["customerA", "admin"],
    }),
    deletionAtUnknownIds("DELETE /api/invitations/:id", ["customerA", "admin"]),
    on("POST /api/team/invitations", {
      input: inviteAdminInputSchema,
      output: invitationSchema,
      actors: ["admin"],
    }),
    // A real one would end a world user's session.
    deletionAtUnknownIds("DELETE /api/sessions/:id", ["customerA", "admin", "anonymous"]),
    // The caller's other sessions end; the world's session of each actor is the one it calls with.
    on("POST /api/sessions/end-others", {
      output: z.object({ ended: z.number() }),
      actors: ["loner", "anonymous"],
    }),
    // A valid body makes a token (up to the per-person limit, then 409); a member's is refused.
    on("POST /api/tokens", {
      input: createApiTokenSchema,
      output: createdApiTokenSchema,
      actors: ["customerA", "memberA", "admin", "anonymous"],
    }),
    // A real one would revoke a token the matrix's token actors use.
    deletionAtUnknownIds("DELETE /api/tokens/:id", ["customerA", "admin", "anonymous"]),
    // The admin Users page (ADR 020). Only hostile and unknown ids: a real one would deactivate,
    // demote or move a world user. The bodies still meet every check that runs before the look-up.
    ...userTargets(),
    on("POST /api/invitations/preview", {
      input: invitationTokenInputSchema,
      output: invitationPreviewSchema,
      actors: ["anonymous"],
    }),
    // The world has an admin, so setup is closed: every body, valid or not, must be refused cleanly.
    on("POST /api/setup/owner", {
      input: setupOwnerInputSchema,
      output: setupOwnerSchema,
      actors: ["anonymous"],
    }),
    on("PUT /api/settings/brand", {
      input: brandSettingsInputSchema,
      output: brandSettingsSchema,
      actors: ["admin", "customerA"],
    }),
    // Marks the caller's own only: another's ids, or another company's record, change nothing.
    on("POST /api/notifications/read", {
      input: markNotificationsReadSchema,
      output: markNotificationsReadResultSchema,
      actors: ["customerA", "admin"],
    }),
    // The caller's own language (ADR 032): one of Portico's, or null.
    on("PUT /api/me/locale", {
      input: localeChoiceSchema,
      output: localeChoiceSchema,
      actors: ["customerA", "admin", "anonymous"],
    }),
    on("PUT /api/notifications/preferences", {
      input: updateNotificationPreferencesSchema,
      output: notificationPreferencesSchema,
      actors: ["customerA", "admin", "anonymous"],
    }),
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
    on("POST /api/invitations/accept", {
      input: invitationTokenInputSchema,
      output: acceptedInvitationSchema,
      actors: ["loner", "customerA"],
    }),
  ];
  // Files (ADR 022): hostile names and contents, and hostile ids of the records they go to.
  targets.push(
    on("POST /api/tickets/:id/files", {
      params: { id: (w) => w.a.tickets[1]!.id },
      output: fileSchema,
      actors: ["customerA", "memberA", "customerB", "admin"],
      upload: true,
    }),
    on("POST /api/tickets/:id/comments/:commentId/files", {
      params: { id: (w) => w.a.tickets[0]!.id, commentId: (w) => w.a.ticketComments[0]!.id },
      output: fileSchema,
      actors: ["customerA", "memberA", "admin"],
      upload: true,
    }),
    on("POST /api/projects/:id/comments/:commentId/files", {
      params: { id: (w) => w.a.projects[0]!.id, commentId: (w) => w.a.projectComments[0]!.id },
      output: fileSchema,
      actors: ["customerA", "memberA", "admin"],
      upload: true,
    }),
    on("POST /api/messages/:id/files", {
      params: { id: (w) => w.a.messages[0]!.id },
      output: fileSchema,
      actors: ["customerA", "memberA", "admin"],
      upload: true,
    }),
    on("PUT /api/invoices/:id/pdf", {
      params: { id: (w) => w.a.invoices[1]!.id },
      output: invoiceSchema,
      actors: ["admin", "customerA"],
      upload: true,
    }),
    // Only hostile and unknown ids: a real one would delete a world file the other suites read.
    on("DELETE /api/invoices/:id/pdf", {
      params: { id: unknownId },
      output: invoiceSchema,
      actors: ["admin", "customerA"],
    }),
    // No body; each success is one more draft copy of A's unpaid invoice in this file's world.
    on("POST /api/invoices/:id/reissue", {
      params: { id: (w) => w.a.invoices[1]!.id },
      output: invoiceSchema,
      actors: ["admin", "customerA"],
    }),
    // A real draft would be gone for the other cases.
    deletionAtUnknownIds("DELETE /api/invoices/:id", ["admin", "customerA"]),
    deletionAtUnknownIds("DELETE /api/files/:id", ["customerA", "admin"]),
  );
  // Webhooks (ADR 031): admins' only; without WEBHOOK_ALLOW_PRIVATE an internal URL is a 400.
  // Deletions aim at hostile and unknown ids only, so the world's endpoint stays.
  targets.push(
    on("POST /api/webhooks", {
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
    }),
    on("PATCH /api/webhooks/:id", {
      params: { id: (w) => w.webhook.endpointId },
      input: updateWebhookInputSchema,
      hints: (w) => ({ companyId: fc.oneof(ids(w.a.company.id, w.b.company.id), fc.constant(null)) }),
      output: webhookSchema,
      actors: ["admin", "customerA"],
    }),
    deletionAtUnknownIds("DELETE /api/webhooks/:id", ["admin", "customerA"]),
    on("POST /api/webhooks/:id/rotate-secret", {
      params: { id: (w) => w.webhook.endpointId },
      output: webhookWithSecretSchema,
      actors: ["admin", "customerA"],
    }),
    on("POST /api/webhooks/deliveries/:id/resend", {
      params: { id: (w) => w.webhook.deliveryId },
      output: webhookDeliverySchema,
      actors: ["admin", "customerA"],
    }),
  );
  // Payments (ADR 043). Recorded payments go to A's first invoice (the second may be paid or void by
  // now: its PATCH is fuzzed above); removals aim at an unknown payment. The world's server has online payment on, against the
  // local fake Stripe: a well-formed checkout opens one there; no generated webhook body is signed.
  targets.push(
    on("POST /api/invoices/:id/payments", {
      params: { id: (w) => w.a.invoices[0]!.id },
      input: recordPaymentInputSchema,
      hints: () => ({
        amount: fc.oneof(fc.constantFrom("0.01", "1.00", "0", "-1", "1e3", "99999999999.99"), fc.string({ maxLength: 12 })),
        // Mostly a day in the past (the world's invoices are of March 2026), else any: a future one is a 400.
        paidAt: fc.oneof({ weight: 3, arbitrary: fc.constantFrom("2026-03-02", "2026-04-30") }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }),
      }),
      output: invoiceDetailSchema,
      actors: ["admin", "customerA"],
    }),
    on("DELETE /api/invoices/:id/payments/:paymentId", {
      params: { id: (w) => w.a.invoices[1]!.id, paymentId: unknownId },
      output: invoiceDetailSchema,
      actors: ["admin", "customerA"],
    }),
    on("POST /api/invoices/:id/checkout", {
      params: { id: (w) => w.a.invoices[2]!.id },
      input: checkoutInputSchema,
      output: checkoutSchema,
      actors: ["customerA", "memberA", "customerB", "admin"],
    }),
    // Tracked time (ADR 047): logged on A's projects, corrected and bills A's; removals aim at an unknown entry.
    on("POST /api/time-entries", {
      input: createTimeEntryInputSchema,
      hints: (w) => ({ projectId: ids(w.a.projects[0]!.id, w.b.projects[0]!.id), ticketId: ids(w.a.tickets[0]!.id, w.b.tickets[0]!.id) }),
      output: timeEntrySchema,
      actors: ["admin", "customerA"],
    }),
    on("PATCH /api/time-entries/:id", {
      params: { id: (w) => w.a.timeEntries[0]!.id },
      input: updateTimeEntryInputSchema,
      hints: (w) => ({ ticketId: ids(w.a.tickets[0]!.id, w.b.tickets[0]!.id) }),
      output: timeEntrySchema,
      actors: ["admin", "customerA"],
    }),
    deletionAtUnknownIds("DELETE /api/time-entries/:id", ["admin", "customerA"]),
    // Recurring invoices (ADR 048): made for A's and B's companies; the job is not running in the tests.
    on("POST /api/recurring-invoices", {
      input: createRecurringInvoiceInputSchema,
      hints: (w) => ({ companyId: ids(w.a.company.id, w.b.company.id) }),
      output: recurringInvoiceDetailSchema,
      actors: ["admin", "customerA"],
    }),
    ...(["pause", "resume", "end"] as const).map((action) =>
      on(`POST /api/recurring-invoices/:id/${action}`, {
        params: { id: (w) => w.bRecurring.id },
        output: recurringInvoiceDetailSchema,
        actors: ["admin", "customerA"],
      }),
    ),
    // Quotes (ADR 049): drafted for A's and B's companies; A's draft is changed, then sent, then A's sent quote answered.
    on("POST /api/quotes", {
      input: createQuoteInputSchema,
      hints: (w) => ({ companyId: ids(w.a.company.id, w.b.company.id) }),
      output: quoteDetailSchema,
      actors: ["admin", "customerA"],
    }),
    on("PATCH /api/quotes/:id", {
      params: { id: (w) => w.quotes.aDraft },
      input: updateQuoteInputSchema,
      hints: (w) => ({ companyId: ids(w.a.company.id, w.b.company.id) }),
      output: quoteDetailSchema,
      actors: ["admin", "customerA"],
    }),
    on("POST /api/quotes/:id/send", { params: { id: (w) => w.quotes.aDraft }, output: quoteDetailSchema, actors: ["admin", "customerA"] }),
    deletionAtUnknownIds("DELETE /api/quotes/:id", ["admin", "customerA"]),
    on("POST /api/quotes/:id/decline", { params: { id: (w) => w.quotes.bSent }, input: declineQuoteInputSchema, output: quoteDetailSchema, actors: ["customerA", "admin"] }),
    on("POST /api/quotes/:id/accept", { params: { id: (w) => w.quotes.aSent }, input: acceptQuoteInputSchema, output: quoteDetailSchema, actors: ["customerA", "admin"] }),
    on("PUT /api/projects/:id/time", {
      params: { id: (w) => w.a.projects[1]!.id },
      input: projectTimeSettingsInputSchema,
      output: projectTimeSchema,
      actors: ["admin", "customerA"],
    }),
    on("POST /api/invoices/from-time", {
      input: invoiceTimeInputSchema,
      hints: (w) => ({ companyId: ids(w.a.company.id, w.b.company.id) }),
      output: invoiceSchema,
      actors: ["admin", "customerA"],
    }),
    // Stripe's event, not a contract of ours (no input): every hostile body, none of them signed.
    on("POST /api/payments/stripe/webhook", {
      output: z.object({ received: z.literal(true) }),
      actors: ["anonymous", "customerA"],
    }),
    // A mail provider's received mail (ADR 044): every hostile body as raw MIME, with the world's
    // webhook token, so each reaches the parser and the pipeline's rules.
    on("POST /api/inbound/mail", {
      output: inboundOutcomeSchema,
      actors: ["anonymous"],
      headers: { "content-type": "message/rfc822", authorization: `Bearer ${FUZZ_INBOUND_TOKEN}` },
    }),
  );
  // Single sign-on (ADR 051): the public address check and start (the world has no provider, so
  // a valid start is a 404), and an admin's settings of B's provider: never "SSO only", and only
  // domains nobody's address has, so the world's members keep signing in with their passwords.
  targets.push(
    on("POST /api/sso/discover", { input: ssoDiscoverInputSchema, output: ssoDiscoverySchema, actors: ["anonymous"] }),
    on("POST /api/sso/start", { input: ssoStartInputSchema, output: ssoStartSchema, actors: ["anonymous"] }),
    on("PUT /api/companies/:id/sso", {
      params: { id: (w) => w.b.company.id },
      input: companySsoInputSchema,
      hints: () => ({
        ssoOnly: fc.constant(false),
        domains: fc.oneof(fc.array(fc.constantFrom("fuzz-one.sso.test", "fuzz-two.sso.test"), { minLength: 0, maxLength: 3 }), fc.array(fc.constantFrom(...hostileStrings), { maxLength: 2 })),
      }),
      output: companySsoSchema,
      actors: ["admin", "customerA"],
    }),
    deletionAtUnknownIds("DELETE /api/companies/:id/sso", ["admin", "customerA"]),
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
