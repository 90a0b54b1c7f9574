import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { companies } from "./companies";
import { maxLength } from "./limits";
import { idColumn, createdAtColumn } from "./columns";

/** A company's one conversation with the provider team; summarised per company in `conversations`. */
export const messages = pgTable(
  "messages",
  {
    id: idColumn(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id").references(() => profiles.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("messages_content_not_blank", sql`length(btrim(${t.content})) > 0`),
    maxLength("messages_content_length", t.content, 10_000),
    index("messages_company_id_created_at_idx").on(t.companyId, t.createdAt),
    index("messages_sender_id_idx").on(t.senderId),
  ],
);
