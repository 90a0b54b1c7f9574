import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ProjectStatus, TicketStatus, TicketPriority, InvoiceStatus, CompanyRole, PaymentMethod } from "@/shared/enums";
import type { ApiTokenScope } from "@/shared/rules/api-token";
import type { MailDelivery, NotificationKind } from "@/shared/rules/notifications";

/**
 * The words of the shared enums (statuses, roles, kinds) as catalogue messages: the English of
 * each is its shared label, word for word (labels.test.ts), and the screens show them translated.
 */
export const projectStatusMessages: Record<ProjectStatus, MessageDescriptor> = {
  active: msg`Active`,
  on_hold: msg`On hold`,
  completed: msg`Completed`,
};

export const ticketStatusMessages: Record<TicketStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  doing: msg`Doing`,
  // A status, not the "Done" of a finished step (German tells them apart: Erledigt, Fertig).
  done: msg({ message: "Done", context: "ticket status" }),
};

export const ticketPriorityMessages: Record<TicketPriority, MessageDescriptor> = {
  low: msg`Low`,
  medium: msg`Medium`,
  high: msg`High`,
  urgent: msg`Urgent`,
};

export const invoiceStatusMessages: Record<InvoiceStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  unpaid: msg`Unpaid`,
  partially_paid: msg`Partially paid`,
  paid: msg`Paid`,
  void: msg`Void`,
};

export const paymentMethodMessages: Record<PaymentMethod, MessageDescriptor> = {
  bank_transfer: msg`Bank transfer`,
  cash: msg`Cash`,
  card: msg`Card (online)`,
};

export const companyRoleMessages: Record<CompanyRole, MessageDescriptor> = {
  owner: msg`Owner`,
  member: msg`Member`,
};

export const apiTokenScopeMessages: Record<ApiTokenScope, MessageDescriptor> = {
  read: msg`Read only`,
  "read-write": msg`Read and write`,
};

export const mailDeliveryMessages: Record<MailDelivery, MessageDescriptor> = {
  immediate: msg`Immediately`,
  digest: msg`Daily digest`,
  off: msg`Off`,
};

export const notificationKindMessages: Record<NotificationKind, MessageDescriptor> = {
  message: msg`Messages from the team`,
  comment_reply: msg`Replies on your tickets and project comments`,
  ticket_status: msg`Ticket status changes`,
  invoice_issued: msg`New invoices`,
  invoice_overdue: msg`Overdue invoice reminders`,
  payment_received: msg`Payments received`,
  project_created: msg`New projects`,
  quote_sent: msg`Quotes to answer`,
  ticket_created: msg`New tickets`,
  customer_message: msg`Customer messages`,
  customer_comment: msg`Customer comments`,
  customer_payment: msg`Customer payments`,
  member_joined: msg`Invitations accepted`,
  assigned_project: msg`Activity on projects assigned to you`,
  quote_answered: msg`Quotes accepted or declined`,
};

