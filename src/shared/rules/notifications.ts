/**
 * Notifications (issue 17, ADR 029): who hears of what, in the app and by mail. One row per event
 * per recipient, written in the transaction of the event (server/modules/notifications).
 */

/** What a customer hears of (every member of the company but the one who acted, except `comment_reply`). */
export const customerNotificationKinds = ["message", "comment_reply", "ticket_status", "invoice_issued", "invoice_overdue", "project_created"] as const;
/** What the provider's team hears of; `assigned_project` goes to a project's assignee only. */
export const adminNotificationKinds = ["ticket_created", "customer_message", "customer_comment", "member_joined", "assigned_project"] as const;
export const notificationKinds = [...customerNotificationKinds, ...adminNotificationKinds] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** How a kind reaches someone by mail: at once (a few quick events in one mail), in the daily digest, or not. */
export const mailDeliveries = ["immediate", "digest", "off"] as const;
export type MailDelivery = (typeof mailDeliveries)[number];

export const mailDeliveryLabels: Record<MailDelivery, string> = { immediate: "Immediately", digest: "Daily digest", off: "Off" };

/** Messages and status changes are worth an interruption; the rest waits for the digest. */
export const defaultMailDelivery: Record<NotificationKind, MailDelivery> = {
  message: "immediate",
  comment_reply: "digest",
  ticket_status: "immediate",
  invoice_issued: "digest",
  invoice_overdue: "digest",
  project_created: "digest",
  ticket_created: "digest",
  customer_message: "immediate",
  customer_comment: "digest",
  member_joined: "digest",
  assigned_project: "digest",
};

/** The preferences page's wording, one line per kind. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  message: "Messages from the team",
  comment_reply: "Replies on your tickets and project comments",
  ticket_status: "Ticket status changes",
  invoice_issued: "New invoices",
  invoice_overdue: "Overdue invoice reminders",
  project_created: "New projects",
  ticket_created: "New tickets",
  customer_message: "Customer messages",
  customer_comment: "Customer comments",
  member_joined: "Invitations accepted",
  assigned_project: "Activity on projects assigned to you",
};

/** What a notification is about; `conversation` and `company` name the company itself. */
export const notificationSubjects = ["ticket", "project", "invoice", "conversation", "company"] as const;
export type NotificationSubject = (typeof notificationSubjects)[number];

/** The nav item whose dot a kind lights (the rest show in the bell only). */
export const notificationArea = (subject: NotificationSubject): "messages" | "tickets" | "projects" | "invoices" | "company" =>
  subject === "conversation" ? "messages" : subject === "ticket" ? "tickets" : subject === "project" ? "projects" : subject === "invoice" ? "invoices" : "company";

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 100;
/** A message's or comment's first characters, enough for a line in the panel and a mail. */
export const NOTIFICATION_EXCERPT_MAX = 200;
