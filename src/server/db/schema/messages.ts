import { boolean, pgTable, text } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn } from "./columns";
import { companyIdColumn, personColumn } from "./references";
import { threadRules } from "./threads";

/** A company's one conversation with the provider team; summarised per company in `conversations`. */
export const messages = pgTable(
  "messages",
  {
    id: idColumn(),
    companyId: companyIdColumn("cascade"),
    senderId: personColumn("sender_id"),
    content: text("content").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => threadRules("messages", { parent: t.companyId, author: t.senderId, content: t.content, createdAt: t.createdAt }),
);
