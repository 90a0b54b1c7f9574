/** What the audit log records (ADR 027), with the words the admin's page shows for each. */

export const auditKinds = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_out",
  "auth.password_reset_requested",
  "auth.password_reset_completed",
  "auth.password_changed",
  "auth.email_changed",
  "auth.two_factor_enabled",
  "auth.two_factor_disabled",
  "user.role_granted",
  "user.role_revoked",
  "user.deactivated",
  "user.reactivated",
  "invitation.sent",
  "invitation.accepted",
  "invitation.revoked",
  "member.removed",
  "invoice.pdf_downloaded",
  "data.exported",
  "api_token.created",
  "api_token.revoked",
  "audit.pruned",
  "webhook.created",
  "webhook.updated",
  "webhook.secret_rotated",
  "webhook.deleted",
  "webhook.disabled",
  "payment.recorded",
  "payment.removed",
  "payment.refunded",
  "payment.alert",
  "quote.accepted",
  "quote.declined",
  "quote.pdf_downloaded",
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditKindLabels: Record<AuditKind, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Sign-in failed",
  "auth.sign_out": "Logged out",
  "auth.password_reset_requested": "Password reset requested",
  "auth.password_reset_completed": "Password reset completed",
  "auth.password_changed": "Password changed",
  "auth.email_changed": "Email changed",
  "auth.two_factor_enabled": "Two-factor turned on",
  "auth.two_factor_disabled": "Two-factor turned off",
  "user.role_granted": "Role granted",
  "user.role_revoked": "Role revoked",
  "user.deactivated": "Account deactivated",
  "user.reactivated": "Account reactivated",
  "invitation.sent": "Invitation sent",
  "invitation.accepted": "Invitation accepted",
  "invitation.revoked": "Invitation revoked",
  "member.removed": "Member removed",
  "invoice.pdf_downloaded": "Invoice PDF downloaded",
  "data.exported": "Data exported",
  "api_token.created": "API token made",
  "api_token.revoked": "API token revoked",
  "audit.pruned": "Old audit entries removed",
  "webhook.created": "Webhook registered",
  "webhook.updated": "Webhook changed",
  "webhook.secret_rotated": "Webhook secret rotated",
  "webhook.deleted": "Webhook deleted",
  "webhook.disabled": "Webhook switched off after failed deliveries",
  "payment.recorded": "Payment recorded",
  "payment.removed": "Payment removed",
  "payment.refunded": "Payment refunded",
  "payment.alert": "Payment needs a look",
  "quote.accepted": "Quote accepted",
  "quote.declined": "Quote declined",
  "quote.pdf_downloaded": "Quote PDF downloaded",
};

/** Longest User-Agent kept: enough to tell browsers and versions apart, not a place to store a payload. */
export const AUDIT_USER_AGENT_MAX = 512;
/** Longest email, label or target id kept (an address is at most 254). */
export const AUDIT_TEXT_MAX = 320;
/** Rows per page of the admin's list and its API. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
/** AUDIT_RETENTION_DAYS: a year unless configured; never under a month, so a typo cannot wipe the log. */
export const AUDIT_RETENTION_DEFAULT_DAYS = 365;
export const AUDIT_RETENTION_MIN_DAYS = 30;
