/**
 * Outgoing webhooks (ADR 031): the events an admin can subscribe an endpoint to, and the limits of
 * what an endpoint and its log keep. Signed per the Standard Webhooks specification.
 */
export const webhookEventTypes = [
  "ticket.created",
  "ticket.updated",
  "ticket.comment.created",
  "message.created",
  "project.updated",
  "project.comment.created",
  "invoice.created",
  "invoice.updated",
  "invoice.paid",
  "payment.recorded",
  "quote.sent",
  "quote.accepted",
  "quote.declined",
  "company.created",
  "member.joined",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The admin page's wording, one line per event type. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  "ticket.created": "A ticket is opened",
  "ticket.updated": "A ticket's title, description, status or priority changes",
  "ticket.comment.created": "A ticket is commented on",
  "message.created": "A chat message is sent",
  "project.updated": "A project's name, description, status, assignee or dates change",
  "project.comment.created": "A project is commented on",
  "invoice.created": "An invoice is issued",
  "invoice.updated": "An issued invoice changes (status, number, dates, amount, PDF, notes)",
  "invoice.paid": "An invoice is paid in full",
  "payment.recorded": "A payment of an invoice is recorded",
  "quote.sent": "A quote is sent to a customer",
  "quote.accepted": "A customer accepts and signs a quote",
  "quote.declined": "A customer declines a quote",
  "company.created": "A customer company is created",
  "member.joined": "Someone joins a customer company",
};

export const webhookDeliveryStatuses = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookDeliveryStatusLabels: Record<WebhookDeliveryStatus, string> = { pending: "Pending", delivered: "Delivered", failed: "Failed" };

/**
 * Endpoints one installation may have: each event is one INSERT … SELECT over them, in the
 * transaction of the change that caused it, so their number bounds what every write costs.
 */
export const WEBHOOK_ENDPOINTS_MAX = 50;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** How much of a receiver's answer each attempt keeps: enough to read an error message. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 2048;
/** A transport error's text (a refused address, a timeout) as the attempt log keeps it. */
export const WEBHOOK_ERROR_MAX = 500;
/** After a secret is rotated, the previous one still signs every delivery this long (hours). */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** How long a finished delivery and its attempts stay in the log (webhook-retention.ts). */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;
export const WEBHOOK_DELIVERY_PAGE_DEFAULT = 20;
export const WEBHOOK_DELIVERY_PAGE_MAX = 100;
/** The setting that lets endpoints on loopback and private networks be registered and called. */
export const WEBHOOK_ALLOW_PRIVATE_SETTING = "WEBHOOK_ALLOW_PRIVATE";
