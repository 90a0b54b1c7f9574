import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { MailStatus } from "@/shared/enums";
import type { AuditKind } from "@/shared/rules/audit";
import type { InboundDropReason, InboundPosting } from "@/shared/rules/inbound";
import type { UserStatus } from "@/shared/rules/user";
import type { WebhookDeliveryStatus, WebhookEventType } from "@/shared/rules/webhooks";

/**
 * The words of the enums only admin screens show (audit kinds, mail and webhook states, account
 * states), apart from labels.ts: a customer's catalogue never carries them (ADR 032).
 */
export const auditKindMessages: Record<AuditKind, MessageDescriptor> = {
  "auth.sign_in": msg`Signed in`,
  "auth.sign_in_failed": msg`Sign-in failed`,
  "auth.sign_out": msg`Logged out`,
  "auth.password_reset_requested": msg`Password reset requested`,
  "auth.password_reset_completed": msg`Password reset completed`,
  "auth.password_changed": msg`Password changed`,
  "auth.email_changed": msg`Email changed`,
  "auth.two_factor_enabled": msg`Two-factor turned on`,
  "auth.two_factor_disabled": msg`Two-factor turned off`,
  "user.role_granted": msg`Role granted`,
  "user.role_revoked": msg`Role revoked`,
  "user.deactivated": msg`Account deactivated`,
  "user.reactivated": msg`Account reactivated`,
  "invitation.sent": msg`Invitation sent`,
  "invitation.accepted": msg`Invitation accepted`,
  "invitation.revoked": msg`Invitation revoked`,
  "member.removed": msg`Member removed`,
  "invoice.pdf_downloaded": msg`Invoice PDF downloaded`,
  "data.exported": msg`Data exported`,
  "api_token.created": msg`API token made`,
  "api_token.revoked": msg`API token revoked`,
  "audit.pruned": msg`Old audit entries removed`,
  "webhook.created": msg`Webhook registered`,
  "webhook.updated": msg`Webhook changed`,
  "webhook.secret_rotated": msg`Webhook secret rotated`,
  "webhook.deleted": msg`Webhook deleted`,
  "webhook.disabled": msg`Webhook switched off after failed deliveries`,
  "payment.recorded": msg`Payment recorded`,
  "payment.removed": msg`Payment removed`,
  "payment.refunded": msg`Payment refunded`,
  "payment.alert": msg`Payment needs a look`,
  "quote.accepted": msg`Quote accepted`,
  "quote.declined": msg`Quote declined`,
  "quote.pdf_downloaded": msg`Quote PDF downloaded`,
};

export const mailStatusMessages: Record<MailStatus, MessageDescriptor> = {
  queued: msg`Queued`,
  sent: msg`Sent`,
  logged: msg`Logged (no SMTP)`,
  failed: msg`Failed`,
};

export const webhookEventMessages: Record<WebhookEventType, MessageDescriptor> = {
  "ticket.created": msg`A ticket is opened`,
  "ticket.updated": msg`A ticket's title, description, status or priority changes`,
  "ticket.comment.created": msg`A ticket is commented on`,
  "message.created": msg`A chat message is sent`,
  "project.updated": msg`A project's name, description, status, assignee or dates change`,
  "project.comment.created": msg`A project is commented on`,
  "invoice.created": msg`An invoice is issued`,
  "invoice.updated": msg`An issued invoice changes (status, number, dates, amount, PDF, notes)`,
  "invoice.paid": msg`An invoice is paid in full`,
  "payment.recorded": msg`A payment of an invoice is recorded`,
  "quote.sent": msg`A quote is sent to a customer`,
  "quote.accepted": msg`A customer accepts and signs a quote`,
  "quote.declined": msg`A customer declines a quote`,
  "company.created": msg`A customer company is created`,
  "member.joined": msg`Someone joins a customer company`,
};

export const webhookDeliveryStatusMessages: Record<WebhookDeliveryStatus, MessageDescriptor> = {
  // Not yet sent: a ticket's "Pending" is another German word.
  pending: msg({ message: "Pending", context: "webhook delivery" }),
  delivered: msg`Delivered`,
  failed: msg`Failed`,
};

export const userStatusMessages: Record<UserStatus, MessageDescriptor> = {
  active: msg`Active`,
  deactivated: msg`Deactivated`,
};

/** What a received mail became (ADR 044). */
export const inboundPostingMessages: Record<InboundPosting, MessageDescriptor> = {
  ticket_comment: msg`Posted as a ticket comment`,
  project_comment: msg`Posted as a project comment`,
  message: msg`Posted as a chat message`,
  ticket: msg`Opened a ticket`,
};

/** Why a received mail was dropped (ADR 044). */
export const inboundDropReasonMessages: Record<InboundDropReason, MessageDescriptor> = {
  bounce: msg`Dropped: a bounce`,
  loop: msg`Dropped: one of our own mails came back`,
  auto_reply: msg`Dropped: an automatic reply`,
  bulk: msg`Dropped: bulk or list mail`,
  authentication_failed: msg`Dropped: SPF, DKIM or DMARC failed`,
  empty: msg`Dropped: no text`,
  unknown_recipient: msg`Dropped: to no address of ours`,
  bad_token: msg`Dropped: a forged or damaged reply address`,
  wrong_sender: msg`Dropped: not from the reply address's recipient`,
  no_access: msg`Dropped: the sender may no longer see the record`,
  unknown_sender: msg`Dropped: from no customer's address`,
  invalid: msg`Dropped: breaks a rule of what it would become`,
  rate_limited: msg`Dropped: too many mails from this sender`,
  duplicate: msg`Dropped: received before`,
};
