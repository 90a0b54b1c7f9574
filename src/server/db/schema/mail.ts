import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { mailStatuses } from "@/shared/enums";
import type { Locale } from "@/shared/locales";
import { maxLength } from "./limits";

export const mailStatus = pgEnum("mail_status", mailStatuses);

/**
 * One attachment of a queued mail, as the outbox stores it: what to render, not the bytes
 * (mail/attachments.ts renders each kind). A payment's receipt names the payment, the amount left
 * due after it (a fact of that moment, which later payments do not change) and its language.
 */
export type MailAttachment = { kind: "payment-receipt"; paymentId: string; amountDue: string; locale: Locale };

/**
 * Outgoing mail (D13, ADR 013). A write that causes mail inserts its row in the same transaction;
 * the worker (src/server/mail/mail-worker.ts) claims rows with FOR UPDATE SKIP LOCKED, sends them
 * and records the outcome, so a mail server that is down delays mail and never loses it.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Which template made it (`password-reset`, `email-change`, …): for the admin list and tests. */
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /**
     * The rendered parts, for the transport only. Emptied once the worker is done with the mail
     * (sent, logged or failed for good): they carry one-time links (a password reset, an
     * invitation), which nobody may read back from the database.
     */
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    /**
     * The text part as the admin outbox shows it: each link that carries a secret replaced by
     * "[link removed]" (mail/redaction.ts). Null for mail queued before it was kept (migration 0028).
     */
    shownText: text("shown_text"),
    /** Extra headers of the message (a notification's List-Unsubscribe, RFC 8058); null for most mail. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /**
     * The Reply-To the transport sets: a notification's signed reply address (modules/inbound/
     * reply-address.ts), checked like `to_address` when queued; null for most mail. Emptied with
     * the live parts: whoever holds it can post as the recipient.
     */
    replyTo: text("reply_to"),
    /**
     * A mail rendered by the worker when it sends it: its props and language (the subject, parts and
     * shown text are written then, with the process's brand and address). A change listener queues
     * mail this way, inside the change's transaction, where no process frame is at hand (a payment's
     * receipt). Null for mail rendered when it was queued; dropped with the live parts.
     */
    renderAtSend: jsonb("render_at_send").$type<{ locale: Locale; props: Record<string, unknown> }>(),
    /**
     * What to attach, rendered by the worker at each attempt (mail/attachments.ts): small
     * descriptions such as `{ kind: "payment-receipt", paymentId }`, never bytes, so nothing heavy
     * is written in the cause's transaction and a failed rendering is retried like a refused send.
     * Null for mail without attachments. Kept after sending: it names records, no secret.
     */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    status: mailStatus("status").notNull().default("queued"),
    /** Claims so far; a claim counts before the send, so a mail that crashes the sender gives up too. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The claim of one worker: while `claimed_until` is in the future no other worker takes the
     * row; a worker that died mid-send leaves a claim that runs out, and the mail is sent again.
     */
    claimId: uuid("claim_id"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** The SMTP server's answer (or the connection error) of the last failed attempt. */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it was sent (or logged), or given up on. */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    maxLength("mail_outbox_to_address_length", t.toAddress, 254),
    maxLength("mail_outbox_reply_to_length", t.replyTo, 254),
    maxLength("mail_outbox_subject_length", t.subject, 500),
    maxLength("mail_outbox_last_error_length", t.lastError, 2000),
    check("mail_outbox_attempts_not_negative", sql`${t.attempts} >= 0`),
    // What the worker scans: only mail still waiting, in the order it is due.
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    // The admin list, newest first (ADR 005: the sort order of the index matches the query's).
    index("mail_outbox_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);
