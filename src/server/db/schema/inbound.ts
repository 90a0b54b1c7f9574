import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { INBOUND_SUBJECT_KEPT, inboundChannels, inboundDropReasons, inboundPostings, type InboundChannel, type InboundDropReason, type InboundPosting } from "@/shared/rules/inbound";
import { profiles } from "./auth";
import { companies } from "./companies";
import { createdAtColumn, idColumn } from "./columns";
import { maxLength } from "./limits";

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * Every mail Portico received (ADR 044) and its fate: posted as what, or dropped and why. The
 * Message-ID is unique, so a provider's retry, or the same mail by both ways in, is handled once.
 */
export const inboundMails = pgTable(
  "inbound_mails",
  {
    id: idColumn(),
    channel: text("channel").$type<InboundChannel>().notNull(),
    fromAddress: text("from_address"),
    /** The address at INBOUND_DOMAIN it was for (a reply address, or the support address). */
    recipient: text("recipient"),
    subject: text("subject").notNull().default(""),
    messageId: text("message_id"),
    /** Set when posted. */
    posted: text("posted").$type<InboundPosting>(),
    /** Set when dropped. */
    reason: text("reason").$type<InboundDropReason>(),
    /** The ticket, project or company (a conversation) it was posted to. */
    recordId: uuid("record_id"),
    /** Who it was posted as. */
    userId: uuid("user_id").references(() => profiles.id, { onDelete: "set null" }),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("inbound_mails_channel_known", sql`${t.channel} in (${oneOf(inboundChannels)})`),
    check("inbound_mails_posted_known", sql`${t.posted} in (${oneOf(inboundPostings)})`),
    check("inbound_mails_reason_known", sql`${t.reason} in (${oneOf(inboundDropReasons)})`),
    // Never both. Neither only inside the transaction that claims the mail and posts it (receive-mail.ts), which writes one before it commits.
    check("inbound_mails_one_fate", sql`${t.posted} is null or ${t.reason} is null`),
    maxLength("inbound_mails_subject_length", t.subject, INBOUND_SUBJECT_KEPT),
    maxLength("inbound_mails_from_length", t.fromAddress, 320),
    maxLength("inbound_mails_recipient_length", t.recipient, 320),
    maxLength("inbound_mails_message_id_length", t.messageId, 998),
    uniqueIndex("inbound_mails_message_id_key").on(t.messageId),
    index("inbound_mails_created_at_idx").on(t.createdAt),
  ],
);
