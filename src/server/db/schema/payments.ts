import { sql } from "drizzle-orm";
import { check, date, index, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { paymentMethods } from "@/shared/enums";
import { PAYMENT_REFERENCE_MAX } from "@/shared/rules/payment";
import { createdAtColumn, idColumn } from "./columns";
import { maxLength } from "./limits";
import { companyIdColumn, personColumn } from "./references";
import { invoices } from "./billing";

export const paymentMethod = pgEnum("payment_method", paymentMethods);

/**
 * Money received for an invoice (ADR 043): recorded by an admin (bank transfer, cash) or confirmed
 * by a provider's signed webhook (card). A payment is never deleted: an admin's removal is kept as
 * `removed_at`/`removed_by`, a provider's refund as `refunded`. The invoice's `amount_paid` is the
 * sum of its standing payments net of refunds, written in the same transaction.
 */
export const payments = pgTable(
  "payments",
  {
    id: idColumn(),
    // A financial record: an invoice with payments is never deleted (only drafts are, and they take none).
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    // The invoice's company, for the tenant scope of every read (an issued invoice keeps its company).
    companyId: companyIdColumn("restrict"),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    refunded: numeric("refunded", { precision: 12, scale: 2 }).notNull().default("0"),
    currency: text("currency").notNull(),
    method: paymentMethod("method").notNull(),
    // The provider that confirmed it ("stripe"); null for one an admin recorded.
    provider: text("provider"),
    // A bank reference an admin typed, or the provider's payment id.
    reference: text("reference"),
    paidOn: date("paid_on").notNull(),
    recordedBy: personColumn("recorded_by"),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: personColumn("removed_by"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("payments_amount_positive", sql`${t.amount} > 0`),
    check("payments_refunded_range", sql`${t.refunded} >= 0 AND ${t.refunded} <= ${t.amount}`),
    maxLength("payments_reference_length", t.reference, PAYMENT_REFERENCE_MAX),
    // One payment per provider payment: two webhooks of one checkout record it once.
    uniqueIndex("payments_provider_reference_unique").on(t.provider, t.reference).where(sql`${t.provider} IS NOT NULL`),
    index("payments_invoice_id_idx").on(t.invoiceId, t.createdAt),
    index("payments_company_id_idx").on(t.companyId),
  ],
);

/**
 * Each hosted checkout Portico opened at a provider: what a webhook is held against. A completed
 * checkout is a payment only when it is one of these, for its invoice, amount and currency.
 */
export const paymentCheckouts = pgTable(
  "payment_checkouts",
  {
    id: idColumn(),
    provider: text("provider").notNull(),
    // The provider's id of the checkout (Stripe's cs_…).
    checkoutId: text("checkout_id").notNull(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    companyId: companyIdColumn("restrict"),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    openedBy: personColumn("opened_by"),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("payment_checkouts_provider_checkout_unique").on(t.provider, t.checkoutId), index("payment_checkouts_invoice_id_idx").on(t.invoiceId)],
);

/**
 * The provider events already handled: claiming an event's id is the first write of its handling,
 * so a replayed or duplicated delivery finds it taken and records nothing twice.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
