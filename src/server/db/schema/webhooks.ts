import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_ERROR_MAX,
  WEBHOOK_RESPONSE_EXCERPT_MAX,
  WEBHOOK_URL_MAX,
  webhookDeliveryStatuses,
  webhookEventTypes,
  type WebhookEventType,
} from "@/shared/rules/webhooks";
import { profiles } from "./auth";
import { companies } from "./companies";
import { idColumn, partOf, timestamps } from "./columns";
import { maxLength } from "./limits";

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * An admin's webhook endpoint (ADR 031). Its secrets are stored encrypted with a key derived from
 * AUTH_SECRET (webhook-secrets.ts): shown once, never readable through the API again. A company
 * filter that names a deleted company takes the endpoint with it, so it can never widen to every
 * company's events.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: idColumn(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    eventTypes: text("event_types").array().$type<WebhookEventType[]>().notNull(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(true),
    /** Set when the sender switched it off after a delivery's last retry failed. */
    disabledReason: text("disabled_reason"),
    secret: text("secret").notNull(),
    /** The secret before the last rotation, still signing beside the new one until `previous_secret_expires_at`. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    maxLength("webhook_endpoints_url_length", t.url, WEBHOOK_URL_MAX),
    maxLength("webhook_endpoints_description_length", t.description, WEBHOOK_DESCRIPTION_MAX),
    check("webhook_endpoints_event_types_known", sql`${t.eventTypes} <@ array[${oneOf(webhookEventTypes)}]::text[] and cardinality(${t.eventTypes}) > 0`),
    index("webhook_endpoints_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);

/**
 * One event for one endpoint (ADR 031), written in the transaction of the change that caused it,
 * so it exists exactly when the change does. `body` is the JSON sent, kept as text so every
 * attempt signs and sends the same bytes. The sender claims due rows with FOR UPDATE SKIP LOCKED
 * (ops/claim.ts, shared with the mail outbox); `attempts` counts the attempts of the current round
 * (a resend starts a new one), which the retry schedule reads.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: idColumn(),
    endpointId: partOf("endpoint_id", () => webhookEndpoints.id),
    eventType: text("event_type", { enum: webhookEventTypes }).notNull(),
    /** The company the event belongs to (for the record; the endpoint's filter was applied when it was written). */
    companyId: uuid("company_id"),
    body: text("body").notNull(),
    status: text("status", { enum: webhookDeliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimId: uuid("claim_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("webhook_deliveries_status_known", sql`${t.status} in (${oneOf(webhookDeliveryStatuses)})`),
    check("webhook_deliveries_event_type_known", sql`${t.eventType} in (${oneOf(webhookEventTypes)})`),
    check("webhook_deliveries_attempts_not_negative", sql`${t.attempts} >= 0`),
    // What the sender scans: only deliveries still waiting, in the order they are due.
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // An endpoint's log, newest first.
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt.desc().nullsFirst(), t.id),
  ],
);

/** Each attempt to send a delivery: what came back, how long it took, or why nothing did. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: partOf("delivery_id", () => webhookDeliveries.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    response: text("response"),
    error: text("error"),
  },
  (t) => [
    maxLength("webhook_attempts_response_length", t.response, WEBHOOK_RESPONSE_EXCERPT_MAX),
    maxLength("webhook_attempts_error_length", t.error, WEBHOOK_ERROR_MAX),
    index("webhook_attempts_delivery_idx").on(t.deliveryId, t.at),
  ],
);
