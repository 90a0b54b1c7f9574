import { z } from "zod";
import {
  WEBHOOK_DELIVERY_PAGE_DEFAULT,
  WEBHOOK_DELIVERY_PAGE_MAX,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  webhookDeliveryStatuses,
  webhookEventTypes,
} from "../rules/webhooks";
import { paymentMethods } from "../enums";
import { NO_CONTROL_CHARACTER_PATTERN, textMessages } from "../rules/text";
import { pageOf } from "./pagination";
import { storable } from "./text";
import { instantSchema, namedRecordSchema } from "./records";

/* Outgoing webhooks (ADR 031): the admin's endpoints, their deliveries and each attempt. */

const urlSchema = z
  .string("Enter the endpoint's URL")
  .trim()
  .min(1, "Enter the endpoint's URL")
  .max(WEBHOOK_URL_MAX, `At most ${WEBHOOK_URL_MAX} characters`)
  .regex(NO_CONTROL_CHARACTER_PATTERN, textMessages.controlCharacter)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "";
    } catch {
      return false;
    }
  }, "Enter an http:// or https:// URL without a user name or password")
  // The refinement above as the OpenAPI document says it: an http(s) URI with no user name or password.
  .meta({ format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\s]+(?:[/?#]\\S*)?$" });

const descriptionSchema = storable(z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, `At most ${WEBHOOK_DESCRIPTION_MAX} characters`));

const eventTypesSchema = z
  .array(z.enum(webhookEventTypes, { error: "Choose one of the listed events" }))
  .min(1, "Choose at least one event")
  .max(webhookEventTypes.length)
  .refine((types) => new Set(types).size === types.length, "List each event once")
  // The refinement above, as the document says it.
  .meta({ uniqueItems: true });

/** Register an endpoint. `companyId` limits it to one customer company's events; null = every company. */
export const createWebhookInputSchema = z.object({
  url: urlSchema,
  description: descriptionSchema.default(""),
  eventTypes: eventTypesSchema,
  companyId: z.uuid("Choose an existing company").nullish().transform((value) => value ?? null),
  enabled: z.boolean().default(true),
});
export type CreateWebhookInput = z.input<typeof createWebhookInputSchema>;

/** Change an endpoint: only the fields sent change. */
export const updateWebhookInputSchema = z.object({
  url: urlSchema.optional(),
  description: descriptionSchema.optional(),
  eventTypes: eventTypesSchema.optional(),
  companyId: z.uuid("Choose an existing company").nullable().optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookInput = z.input<typeof updateWebhookInputSchema>;

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(webhookEventTypes)),
  /** The one company whose events it gets, or null for every company's. */
  company: namedRecordSchema.nullable(),
  enabled: z.boolean(),
  /** Why it was switched off by the server (its deliveries kept failing); null when an admin did it or it is on. */
  disabledReason: z.string().nullable(),
  /** Until when the secret before the last rotation still signs deliveries; null when there is none. */
  previousSecretExpiresAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of registering an endpoint or rotating its secret: the only time the secret is shown. */
export const webhookWithSecretSchema = webhookSchema.extend({
  /** `whsec_` and the key in base64, as the Standard Webhooks libraries take it. */
  secret: z.string(),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookAttemptSchema = z.object({
  at: instantSchema,
  /** The HTTP status the receiver answered; null when no answer came (refused address, timeout, connection error). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().min(0),
  /** The first 2 KB of the answer's body. */
  response: z.string().nullable(),
  /** Why no answer counted: the transport's error. */
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every attempt and resend, so a receiver can ignore repeats. */
  id: z.uuid(),
  eventType: z.enum(webhookEventTypes),
  status: z.enum(webhookDeliveryStatuses),
  /** The JSON body, exactly as sent. */
  payload: z.string(),
  createdAt: instantSchema,
  nextAttemptAt: instantSchema.nullable(),
  finishedAt: instantSchema.nullable(),
  /** Every attempt, oldest first. */
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERY_PAGE_MAX).default(WEBHOOK_DELIVERY_PAGE_DEFAULT),
});
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuerySchema>;

export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/* The bodies Portico sends (the OpenAPI document's `webhooks`). */

const actorSchema = z.object({ id: z.uuid().nullable(), name: z.string().nullable() }).nullable();
const changeSchema = z.object({
  field: z.string(),
  /** The value before and after, as the record's history keeps it; absent for a field recorded without its text (a description, notes). */
  from: z.string().nullable().optional(),
  to: z.string().nullable().optional(),
});

const envelope = <T extends z.ZodType>(type: (typeof webhookEventTypes)[number], data: T) =>
  z.object({ type: z.literal(type), timestamp: instantSchema, data });

const base = { companyId: z.uuid(), actor: actorSchema };

export const webhookPayloadSchemas = {
  "ticket.created": envelope("ticket.created", z.object({ ...base, ticketId: z.uuid() })),
  "ticket.updated": envelope("ticket.updated", z.object({ ...base, ticketId: z.uuid(), changes: z.array(changeSchema) })),
  "ticket.comment.created": envelope("ticket.comment.created", z.object({ ...base, ticketId: z.uuid(), commentId: z.uuid().nullable() })),
  "message.created": envelope("message.created", z.object({ ...base, messageId: z.uuid() })),
  "project.updated": envelope("project.updated", z.object({ ...base, projectId: z.uuid(), changes: z.array(changeSchema) })),
  "project.comment.created": envelope("project.comment.created", z.object({ ...base, projectId: z.uuid(), commentId: z.uuid().nullable() })),
  "invoice.created": envelope("invoice.created", z.object({ ...base, invoiceId: z.uuid() })),
  "invoice.updated": envelope("invoice.updated", z.object({ ...base, invoiceId: z.uuid(), changes: z.array(changeSchema) })),
  "invoice.paid": envelope("invoice.paid", z.object({ ...base, invoiceId: z.uuid() })),
  "payment.recorded": envelope(
    "payment.recorded",
    z.object({
      ...base,
      invoiceId: z.uuid(),
      paymentId: z.uuid(),
      /** Decimal strings with two decimals: what was paid, and what the invoice still owes after it. */
      amount: z.string(),
      amountDue: z.string(),
      currency: z.string(),
      method: z.enum(paymentMethods),
      /** The day it was paid (YYYY-MM-DD). */
      paidAt: z.iso.date(),
    }),
  ),
  "quote.sent": envelope("quote.sent", z.object({ ...base, quoteId: z.uuid(), quoteNumber: z.string() })),
  /** `invoiceId`: the deposit or full invoice the acceptance made, null when the quote invoices nothing. */
  "quote.accepted": envelope("quote.accepted", z.object({ ...base, quoteId: z.uuid(), quoteNumber: z.string(), invoiceId: z.uuid().nullable() })),
  "quote.declined": envelope("quote.declined", z.object({ ...base, quoteId: z.uuid(), quoteNumber: z.string() })),
  "company.created": envelope("company.created", z.object({ ...base })),
  "member.joined": envelope("member.joined", z.object({ ...base, userId: z.uuid() })),
} satisfies Record<(typeof webhookEventTypes)[number], z.ZodType>;
export type WebhookPayload = { [K in keyof typeof webhookPayloadSchemas]: z.infer<(typeof webhookPayloadSchemas)[K]> }[keyof typeof webhookPayloadSchemas];
