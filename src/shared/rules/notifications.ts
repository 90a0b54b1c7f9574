import { ticketStatusLabels } from "../enums";
import { describeActivity, paidAmount } from "./activity";

/**
 * Notifications (issue 17, ADR 029): who hears of what, in the app and by mail. One row per event
 * per recipient, written in the transaction of the event (server/modules/notifications).
 */

/** What a customer hears of (every member of the company but the one who acted, except `comment_reply`). */
export const customerNotificationKinds = [
  "message",
  "comment_reply",
  "ticket_status",
  "invoice_issued",
  "invoice_overdue",
  "payment_received",
  "project_created",
  "quote_sent",
] as const;
/** What the provider's team hears of; `assigned_project` goes to a project's assignee only. */
export const adminNotificationKinds = ["ticket_created", "customer_message", "customer_comment", "customer_payment", "member_joined", "assigned_project", "quote_answered"] as const;
export const notificationKinds = [...customerNotificationKinds, ...adminNotificationKinds] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** How a kind reaches someone by mail: at once (a few quick events in one mail), in the daily digest, or not. */
export const mailDeliveries = ["immediate", "digest", "off"] as const;
export type MailDelivery = (typeof mailDeliveries)[number];

export const mailDeliveryLabels: Record<MailDelivery, string> = { immediate: "Immediately", digest: "Daily digest", off: "Off" };

/** Messages, status changes and money received are worth an interruption; the rest waits for the digest. */
export const defaultMailDelivery: Record<NotificationKind, MailDelivery> = {
  message: "immediate",
  comment_reply: "digest",
  ticket_status: "immediate",
  invoice_issued: "digest",
  invoice_overdue: "digest",
  payment_received: "immediate",
  project_created: "digest",
  quote_sent: "immediate",
  ticket_created: "digest",
  customer_message: "immediate",
  customer_comment: "digest",
  customer_payment: "immediate",
  member_joined: "digest",
  assigned_project: "digest",
  quote_answered: "immediate",
};

/** The preferences page's wording, one line per kind. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  message: "Messages from the team",
  comment_reply: "Replies on your tickets and project comments",
  ticket_status: "Ticket status changes",
  invoice_issued: "New invoices",
  invoice_overdue: "Overdue invoice reminders",
  payment_received: "Payments received",
  project_created: "New projects",
  quote_sent: "Quotes to answer",
  ticket_created: "New tickets",
  customer_message: "Customer messages",
  customer_comment: "Customer comments",
  customer_payment: "Customer payments",
  member_joined: "Invitations accepted",
  assigned_project: "Activity on projects assigned to you",
  quote_answered: "Quotes accepted or declined",
};

/** What a notification is about; `conversation` and `company` name the company itself. */
export const notificationSubjects = ["ticket", "project", "invoice", "quote", "conversation", "company"] as const;
export type NotificationSubject = (typeof notificationSubjects)[number];

/** The nav item whose dot a kind lights (the rest show in the bell only). */
export const notificationArea = (subject: NotificationSubject): "messages" | "tickets" | "projects" | "invoices" | "quotes" | "company" =>
  subject === "conversation"
    ? "messages"
    : subject === "ticket"
      ? "tickets"
      : subject === "project"
        ? "projects"
        : subject === "invoice"
          ? "invoices"
          : subject === "quote"
            ? "quotes"
            : "company";

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 100;
/** A message's or comment's first characters, enough for a line in the panel and a mail. */
export const NOTIFICATION_EXCERPT_MAX = 200;

/** What a sentence about a notification needs (the API's Notification has it all). */
export interface NotificationWords {
  kind: NotificationKind;
  subject: { type: NotificationSubject; id: string; label: string; slug: string | null };
  actorName: string | null;
  field: string | null;
  from: string | null;
  to: string | null;
  excerpt: string | null;
}

/**
 * The kinds whose excerpt is a name the line already says (a new member's, a paying company's),
 * not a message's first words to show beside it.
 */
export const excerptIsNamed = (kind: NotificationKind) => kind === "member_joined" || kind === "customer_payment";

const someone = (name: string | null) => name ?? "Someone";
const statusLabel = (status: string | null) => (status ? (ticketStatusLabels[status as keyof typeof ticketStatusLabels] ?? status) : "none");

/**
 * One line for the panel and the mail: "Alex Admin changed the status of Login fails from Pending
 * to Doing". Values are worded by describeActivity, so a status reads as on the record's page.
 */
export function describeNotification(n: NotificationWords, { money }: { money?: (amount: string) => string } = {}): string {
  const actor = someone(n.actorName);
  const change = () => {
    if (!n.field || n.subject.type === "conversation" || n.subject.type === "company") return "updated";
    return describeActivity({ subject: n.subject.type, kind: "changed", field: n.field, from: n.from, to: n.to }, money ? { money } : {});
  };
  // A payment's amount is its history entry's `to`.
  const received = () => `Payment of ${paidAmount(n.to, money)} received for invoice ${n.subject.label}`;
  switch (n.kind) {
    case "message":
      return `${actor} sent you a message`;
    case "customer_message":
      return `${actor} of ${n.subject.label} sent a message`;
    case "comment_reply":
    case "customer_comment":
      return `${actor} commented on ${n.subject.label}`;
    case "ticket_status":
      return `${actor} changed the status of ${n.subject.label} from ${statusLabel(n.from)} to ${statusLabel(n.to)}`;
    case "invoice_issued":
      return `New invoice ${n.subject.label}`;
    case "invoice_overdue":
      return `Invoice ${n.subject.label} is overdue`;
    case "payment_received":
      return received();
    // The paying company's name is kept in `excerpt`; without it the line is the customers' one.
    case "customer_payment":
      return n.excerpt ? `${n.excerpt} paid ${paidAmount(n.to, money)} for invoice ${n.subject.label}` : received();
    case "project_created":
      return `New project ${n.subject.label}`;
    case "ticket_created":
      return `${actor} opened the ticket ${n.subject.label}`;
    case "member_joined":
      return `${n.excerpt ?? actor} joined ${n.subject.label}`;
    case "assigned_project":
      return n.field ? `${actor} ${change()} on ${n.subject.label}` : `${actor} commented on ${n.subject.label}`;
    case "quote_sent":
      return `New quote ${n.subject.label} to answer`;
    // The answer is the entry's `to`: accepted or declined.
    case "quote_answered":
      return n.to === "declined" ? `${actor} declined the quote ${n.subject.label}` : `${actor} accepted the quote ${n.subject.label}`;
  }
}

/** Where a notification leads, in the reader's area (the mail's links add BASE_URL). */
export function notificationPath(n: Pick<NotificationWords, "subject"> & { companyId: string }, area: "customer" | "admin"): string {
  const { type, id, slug } = n.subject;
  const base = area === "admin" ? "/admin" : "/dashboard";
  switch (type) {
    case "ticket":
      return `${base}/tickets/${id}`;
    case "project":
      return `${base}/projects/${area === "admin" ? id : (slug ?? id)}`;
    case "invoice":
      return `${base}/invoices/${id}`;
    case "quote":
      return `${base}/quotes/${id}`;
    case "conversation":
      return area === "admin" ? `/admin/messages?company=${n.companyId}` : "/dashboard/messages";
    case "company":
      return area === "admin" ? `/admin/customers/${n.companyId}` : "/dashboard";
  }
}
