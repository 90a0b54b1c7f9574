import { i18n, type MessageDescriptor } from "@lingui/core";
import { t } from "@lingui/core/macro";
import { formatAmount, formatDate } from "@/shared/format";
import { activityFields, type ActivitySubject } from "@/shared/rules/activity";
import type { NotificationWords } from "@/shared/rules/notifications";
import { invoiceStatusMessages, projectStatusMessages, ticketPriorityMessages, ticketStatusMessages } from "@/web/lib/i18n/labels";

/** An enum value in the reader's language; a value the map does not know shows as it came. */
const enumLabel = (messages: Record<string, MessageDescriptor>) => (value: string) => {
  const descriptor = messages[value];
  return descriptor ? i18n._(descriptor) : value;
};

/** How each recorded field's values read (shared/rules/activity.ts, in the reader's language). */
const valueShown: Record<ActivitySubject, Record<string, (value: string) => string>> = {
  project: { status: enumLabel(projectStatusMessages), startDate: (value) => formatDate(value), endDate: (value) => formatDate(value) },
  ticket: { status: enumLabel(ticketStatusMessages), priority: enumLabel(ticketPriorityMessages) },
  invoice: { status: enumLabel(invoiceStatusMessages), issueDate: (value) => formatDate(value), dueDate: (value) => formatDate(value), amount: formatAmount },
  quote: { validUntil: (value) => formatDate(value), amount: formatAmount },
};

/** A field's before or after: "none" when it was empty. */
function shown(subject: ActivitySubject, field: string, value: string | null): string {
  if (value === null || value === "") return t`none`;
  const show = valueShown[subject][field];
  return show ? show(value) : value;
}

/**
 * "Alex Admin changed status from Active to On hold on Rebrand": a change to a record, one whole
 * message per field (the words of describeActivity), so each language orders it its own way.
 */
function changeText(n: NotificationWords, actor: string, record: string, field: string): string {
  const subject = n.subject.type;
  if (subject === "conversation" || subject === "company") return t`${actor} updated on ${record}`;
  if (!Object.hasOwn(activityFields[subject], field)) return t`${actor} changed the ${field} on ${record}`;
  const from = shown(subject, field, n.from);
  const to = shown(subject, field, n.to);
  switch (field) {
    case "name":
      return t`${actor} changed name from ${from} to ${to} on ${record}`;
    case "title":
      return t`${actor} changed title from ${from} to ${to} on ${record}`;
    case "status":
      return t`${actor} changed status from ${from} to ${to} on ${record}`;
    case "priority":
      return t`${actor} changed priority from ${from} to ${to} on ${record}`;
    case "assignedTo":
      return t`${actor} changed assignee from ${from} to ${to} on ${record}`;
    case "startDate":
      return t`${actor} changed start date from ${from} to ${to} on ${record}`;
    case "endDate":
      return t`${actor} changed end date from ${from} to ${to} on ${record}`;
    case "invoiceNumber":
      return t`${actor} changed number from ${from} to ${to} on ${record}`;
    case "issueDate":
      return t`${actor} changed issue date from ${from} to ${to} on ${record}`;
    case "dueDate":
      return t`${actor} changed due date from ${from} to ${to} on ${record}`;
    case "amount":
      return t`${actor} changed amount from ${from} to ${to} on ${record}`;
    case "description":
      return t`${actor} changed the description on ${record}`;
    case "pdfUrl":
      return t`${actor} changed the PDF link on ${record}`;
    case "notes":
      return t`${actor} changed the notes on ${record}`;
    default:
      return t`${actor} changed the ${field} on ${record}`;
  }
}

/** An amount in the installation's currency (without it: "1,200.00"). */
type Money = ((amount: string) => string) | undefined;

/** A payment's amount, its history entry's `to`. */
const paidAmount = (n: NotificationWords, money: Money) => (n.to ? (money ?? formatAmount)(n.to) : t({ message: "an amount", context: "activity payment" }));

function paymentReceived(n: NotificationWords, money: Money): string {
  const amount = paidAmount(n, money);
  const record = n.subject.label;
  return t`Payment of ${amount} received for invoice ${record}`;
}

/**
 * The panel's line for a notification, in the reader's language: the wording of
 * describeNotification (shared/rules/notifications.ts, which the mails use), each sentence one
 * whole message with the names as placeholders. `money` writes a payment's amount in the
 * installation's currency, as describeNotification's does.
 */
export function notificationText(n: NotificationWords, { money }: { money?: (amount: string) => string } = {}): string {
  const actor = n.actorName ?? t`Someone`;
  const record = n.subject.label;
  switch (n.kind) {
    case "message":
      return t`${actor} sent you a message`;
    case "customer_message":
      return t`${actor} of ${record} sent a message`;
    case "comment_reply":
    case "customer_comment":
      return t`${actor} commented on ${record}`;
    case "ticket_status": {
      const from = n.from ? enumLabel(ticketStatusMessages)(n.from) : t`none`;
      const to = n.to ? enumLabel(ticketStatusMessages)(n.to) : t`none`;
      return t`${actor} changed the status of ${record} from ${from} to ${to}`;
    }
    case "invoice_issued":
      return t`New invoice ${record}`;
    case "invoice_overdue":
      return t`Invoice ${record} is overdue`;
    case "payment_received":
      return paymentReceived(n, money);
    // The paying company's name is the excerpt; without it the line is the customers' one.
    case "customer_payment": {
      const company = n.excerpt;
      const amount = paidAmount(n, money);
      return company ? t`${company} paid ${amount} for invoice ${record}` : paymentReceived(n, money);
    }
    case "project_created":
      return t`New project ${record}`;
    case "ticket_created":
      return t`${actor} opened the ticket ${record}`;
    case "member_joined": {
      const member = n.excerpt ?? actor;
      return t`${member} joined ${record}`;
    }
    case "assigned_project":
      return n.field ? changeText(n, actor, record, n.field) : t`${actor} commented on ${record}`;
    case "quote_sent":
      return t`New quote ${record} to answer`;
    case "quote_answered":
      return n.to === "declined" ? t`${actor} declined the quote ${record}` : t`${actor} accepted the quote ${record}`;
  }
}
