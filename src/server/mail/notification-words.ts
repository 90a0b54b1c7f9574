import type { InvoiceStatus, ProjectStatus, TicketPriority, TicketStatus } from "@/shared/enums";
import type { Locale } from "@/shared/locales";
import type { ActivityField, ActivitySubject } from "@/shared/rules/activity";
import { eachInvoiceTextField, invoiceTextFields } from "@/shared/rules/invoice-fields";
import { excerptIsNamed, type NotificationKind, type NotificationWords } from "@/shared/rules/notifications";
import type { MailMessage, Translate } from "./i18n";

/*
 * The sentences of notification mail, in the recipient's language. The web's panel words a
 * notification with describeNotification (shared/rules/notifications.ts); a mail says the same
 * through the mail catalogue: the English here is that function's, word for word
 * (notification-words.test.ts), and each kind is one whole sentence a translation can reorder.
 */

/** The preferences page's wording of each kind (notificationKindLabels), for the opt-out links. */
export const notificationKindMessages: Record<NotificationKind, MailMessage> = {
  message: /*i18n*/ { id: "mail.notification-kind.message", message: "Messages from the team" },
  comment_reply: /*i18n*/ { id: "mail.notification-kind.comment-reply", message: "Replies on your tickets and project comments" },
  ticket_status: /*i18n*/ { id: "mail.notification-kind.ticket-status", message: "Ticket status changes" },
  invoice_issued: /*i18n*/ { id: "mail.notification-kind.invoice-issued", message: "New invoices" },
  invoice_overdue: /*i18n*/ { id: "mail.notification-kind.invoice-overdue", message: "Overdue invoice reminders" },
  payment_received: /*i18n*/ { id: "mail.notification-kind.payment-received", message: "Payments received" },
  project_created: /*i18n*/ { id: "mail.notification-kind.project-created", message: "New projects" },
  ticket_created: /*i18n*/ { id: "mail.notification-kind.ticket-created", message: "New tickets" },
  customer_message: /*i18n*/ { id: "mail.notification-kind.customer-message", message: "Customer messages" },
  customer_comment: /*i18n*/ { id: "mail.notification-kind.customer-comment", message: "Customer comments" },
  customer_payment: /*i18n*/ { id: "mail.notification-kind.customer-payment", message: "Customer payments" },
  member_joined: /*i18n*/ { id: "mail.notification-kind.member-joined", message: "Invitations accepted" },
  assigned_project: /*i18n*/ { id: "mail.notification-kind.assigned-project", message: "Activity on projects assigned to you" },
  quote_sent: /*i18n*/ { id: "mail.notification-kind.quote-sent", message: "Quotes to answer" },
  quote_answered: /*i18n*/ { id: "mail.notification-kind.quote-answered", message: "Quotes accepted or declined" },
};

export const ticketStatusMessages: Record<TicketStatus, MailMessage> = {
  pending: /*i18n*/ { id: "mail.ticket-status.pending", message: "Pending" },
  doing: /*i18n*/ { id: "mail.ticket-status.doing", message: "Doing" },
  done: /*i18n*/ { id: "mail.ticket-status.done", message: "Done" },
};

export const projectStatusMessages: Record<ProjectStatus, MailMessage> = {
  active: /*i18n*/ { id: "mail.project-status.active", message: "Active" },
  on_hold: /*i18n*/ { id: "mail.project-status.on-hold", message: "On hold" },
  completed: /*i18n*/ { id: "mail.project-status.completed", message: "Completed" },
};

export const invoiceStatusMessages: Record<InvoiceStatus, MailMessage> = {
  draft: /*i18n*/ { id: "mail.invoice-status.draft", message: "Draft" },
  unpaid: /*i18n*/ { id: "mail.invoice-status.unpaid", message: "Unpaid" },
  partially_paid: /*i18n*/ { id: "mail.invoice-status.partially-paid", message: "Partially paid" },
  paid: /*i18n*/ { id: "mail.invoice-status.paid", message: "Paid" },
  void: /*i18n*/ { id: "mail.invoice-status.void", message: "Void" },
};

export const ticketPriorityMessages: Record<TicketPriority, MailMessage> = {
  low: /*i18n*/ { id: "mail.ticket-priority.low", message: "Low" },
  medium: /*i18n*/ { id: "mail.ticket-priority.medium", message: "Medium" },
  high: /*i18n*/ { id: "mail.ticket-priority.high", message: "High" },
  urgent: /*i18n*/ { id: "mail.ticket-priority.urgent", message: "Urgent" },
};

const field = {
  name: /*i18n*/ { id: "mail.field.name", message: "name" },
  description: /*i18n*/ { id: "mail.field.description", message: "description" },
  status: /*i18n*/ { id: "mail.field.status", message: "status" },
  assignee: /*i18n*/ { id: "mail.field.assignee", message: "assignee" },
  startDate: /*i18n*/ { id: "mail.field.start-date", message: "start date" },
  endDate: /*i18n*/ { id: "mail.field.end-date", message: "end date" },
  title: /*i18n*/ { id: "mail.field.title", message: "title" },
  priority: /*i18n*/ { id: "mail.field.priority", message: "priority" },
  number: /*i18n*/ { id: "mail.field.number", message: "number" },
  issueDate: /*i18n*/ { id: "mail.field.issue-date", message: "issue date" },
  dueDate: /*i18n*/ { id: "mail.field.due-date", message: "due date" },
  amount: /*i18n*/ { id: "mail.field.amount", message: "amount" },
  pdfLink: /*i18n*/ { id: "mail.field.pdf-link", message: "PDF link" },
  validUntil: /*i18n*/ { id: "mail.field.valid-until", message: "valid-until date" },
  terms: /*i18n*/ { id: "mail.field.terms", message: "terms" },
} satisfies Record<string, MailMessage>;

/**
 * How a field's change reads (shared/rules/activity.ts's activityFields, in the catalogue): its
 * name, whether its values are told, and how a value is shown: as stored, a label of its own, a
 * date or an amount of money.
 */
export interface FieldWords {
  label: MailMessage;
  values: boolean;
  show?: "date" | "money" | Record<string, MailMessage>;
}

export const fieldWords: { [S in ActivitySubject]: Record<ActivityField<S>, FieldWords> } = {
  project: {
    name: { label: field.name, values: true },
    description: { label: field.description, values: false },
    status: { label: field.status, values: true, show: projectStatusMessages },
    assignedTo: { label: field.assignee, values: true },
    startDate: { label: field.startDate, values: true, show: "date" },
    endDate: { label: field.endDate, values: true, show: "date" },
  },
  ticket: {
    title: { label: field.title, values: true },
    description: { label: field.description, values: false },
    status: { label: field.status, values: true, show: ticketStatusMessages },
    priority: { label: field.priority, values: true, show: ticketPriorityMessages },
    assignedTo: { label: field.assignee, values: true },
  },
  invoice: {
    status: { label: field.status, values: true, show: invoiceStatusMessages },
    invoiceNumber: { label: field.number, values: true },
    issueDate: { label: field.issueDate, values: true, show: "date" },
    dueDate: { label: field.dueDate, values: true, show: "date" },
    amount: { label: field.amount, values: true, show: "money" },
    pdfUrl: { label: field.pdfLink, values: false },
    // The text fields' names are in their table (rules/invoice-fields.ts), with their catalogue ids.
    ...eachInvoiceTextField((text) => ({ label: text.mailLabel, values: text.history.values })),
  },
  quote: {
    title: { label: field.title, values: true },
    amount: { label: field.amount, values: true, show: "money" },
    validUntil: { label: field.validUntil, values: true, show: "date" },
    // An invoice's notes and a quote's are one word in the catalogue.
    notes: { label: invoiceTextFields.notes.mailLabel, values: false },
    terms: { label: field.terms, values: false },
  },
};

const m = {
  message: /*i18n*/ { id: "mail.notification-line.message", message: "{actor} sent you a message" },
  customerMessage: /*i18n*/ { id: "mail.notification-line.customer-message", message: "{actor} of {subject} sent a message" },
  commented: /*i18n*/ { id: "mail.notification-line.commented", message: "{actor} commented on {subject}" },
  ticketStatus: /*i18n*/ { id: "mail.notification-line.ticket-status", message: "{actor} changed the status of {subject} from {from} to {to}" },
  invoiceIssued: /*i18n*/ { id: "mail.notification-line.invoice-issued", message: "New invoice {subject}" },
  invoiceOverdue: /*i18n*/ { id: "mail.notification-line.invoice-overdue", message: "Invoice {subject} is overdue" },
  paymentReceived: /*i18n*/ { id: "mail.notification-line.payment-received", message: "Payment of {amount} received for invoice {subject}" },
  customerPayment: /*i18n*/ { id: "mail.notification-line.customer-payment", message: "{company} paid {amount} for invoice {subject}" },
  projectCreated: /*i18n*/ { id: "mail.notification-line.project-created", message: "New project {subject}" },
  ticketCreated: /*i18n*/ { id: "mail.notification-line.ticket-created", message: "{actor} opened the ticket {subject}" },
  memberJoined: /*i18n*/ { id: "mail.notification-line.member-joined", message: "{name} joined {subject}" },
  quoteSent: /*i18n*/ { id: "mail.notification-line.quote-sent", message: "New quote {subject} to answer" },
  quoteAccepted: /*i18n*/ { id: "mail.notification-line.quote-accepted", message: "{actor} accepted the quote {subject}" },
  quoteDeclined: /*i18n*/ { id: "mail.notification-line.quote-declined", message: "{actor} declined the quote {subject}" },
  updated: /*i18n*/ { id: "mail.notification-line.updated", message: "{actor} updated on {subject}" },
  changedField: /*i18n*/ { id: "mail.notification-line.changed-field", message: "{actor} changed the {field} on {subject}" },
  changedValue: /*i18n*/ { id: "mail.notification-line.changed-value", message: "{actor} changed {field} from {from} to {to} on {subject}" },
  withExcerpt: /*i18n*/ { id: "mail.notification-line.with-excerpt", message: "{line}: “{excerpt}”" },
  someone: /*i18n*/ { id: "mail.notification-line.someone", message: "Someone" },
  none: /*i18n*/ { id: "mail.notification-line.none", message: "none" },
  someAmount: /*i18n*/ { id: "mail.notification-line.some-amount", message: "an amount" },
  noDate: /*i18n*/ { id: "mail.notification-line.no-date", message: "N/A" },
} satisfies Record<string, MailMessage>;

/** The Intl locale of each language: the English mail has always written dates and money as en-US. */
export const intlLocales: Record<Locale, string> = { en: "en-US", de: "de-DE" };

/**
 * Writes one notification as a line of a mail in `t`'s language, with amounts in `currency` and
 * dates as that language writes them: "Alex Admin changed the status of Login fails from Pending
 * to Doing", "Alex Admin hat den Status des Tickets Login fails von Offen auf In Arbeit geändert".
 * A message's or comment's first words follow, quoted.
 */
export function notificationLineWriter(t: Translate, currency: string): (words: NotificationWords) => string {
  const money = new Intl.NumberFormat(intlLocales[t.locale], { style: "currency", currency });
  const date = new Intl.DateTimeFormat(intlLocales[t.locale], { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

  const labelled = (labels: Record<string, MailMessage>, value: string) => (Object.hasOwn(labels, value) ? t(labels[value]!) : value);
  const dated = (value: string) => {
    const parsed = new Date(`${value.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(parsed.getTime()) ? t(m.noDate) : date.format(parsed);
  };
  const shown = (words: FieldWords, value: string | null) => {
    if (value === null || value === "") return t(m.none);
    if (words.show === "money") return money.format(value as Intl.StringNumericLiteral);
    if (words.show === "date") return dated(value);
    return words.show ? labelled(words.show, value) : value;
  };

  // A payment's amount is its history entry's `to`.
  const paid = (n: NotificationWords) => (n.to ? money.format(n.to as Intl.StringNumericLiteral) : t(m.someAmount));
  const received = (n: NotificationWords) => t(m.paymentReceived, { amount: paid(n), subject: n.subject.label });

  const sentence = (n: NotificationWords) => {
    const actor = n.actorName ?? t(m.someone);
    const subject = n.subject.label;
    switch (n.kind) {
      case "message":
        return t(m.message, { actor });
      case "customer_message":
        return t(m.customerMessage, { actor, subject });
      case "comment_reply":
      case "customer_comment":
        return t(m.commented, { actor, subject });
      case "ticket_status": {
        const status = (value: string | null) => (value ? labelled(ticketStatusMessages, value) : t(m.none));
        return t(m.ticketStatus, { actor, subject, from: status(n.from), to: status(n.to) });
      }
      case "invoice_issued":
        return t(m.invoiceIssued, { subject });
      case "invoice_overdue":
        return t(m.invoiceOverdue, { subject });
      case "payment_received":
        return received(n);
      // The paying company's name is the excerpt; without it the line is the customers' one.
      case "customer_payment":
        return n.excerpt ? t(m.customerPayment, { company: n.excerpt, amount: paid(n), subject }) : received(n);
      case "project_created":
        return t(m.projectCreated, { subject });
      case "ticket_created":
        return t(m.ticketCreated, { actor, subject });
      case "member_joined":
        return t(m.memberJoined, { name: n.excerpt ?? actor, subject });
      case "assigned_project": {
        if (!n.field) return t(m.commented, { actor, subject });
        const type = n.subject.type;
        if (type === "conversation" || type === "company") return t(m.updated, { actor, subject });
        const fields: Record<string, FieldWords> = fieldWords[type];
        const words = Object.hasOwn(fields, n.field) ? fields[n.field] : undefined;
        if (!words?.values) return t(m.changedField, { actor, field: words ? t(words.label) : n.field, subject });
        return t(m.changedValue, { actor, field: t(words.label), from: shown(words, n.from), to: shown(words, n.to), subject });
      }
      case "quote_sent":
        return t(m.quoteSent, { subject });
      case "quote_answered":
        return t(n.to === "declined" ? m.quoteDeclined : m.quoteAccepted, { actor, subject });
    }
  };

  return (n) => {
    const line = sentence(n);
    // A joined member's or a paying company's excerpt is their name, already said.
    return n.excerpt && !excerptIsNamed(n.kind) ? t(m.withExcerpt, { line, excerpt: n.excerpt }) : line;
  };
}
