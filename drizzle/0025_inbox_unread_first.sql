-- The admin inbox's unread-first order: conversations with unread customer messages, then the rest,
-- each newest first, and the keyset cursor's row comparison over the same three keys (read backwards).
CREATE INDEX "conversations_unread_first_idx" ON "conversations" USING btree (("unread_count" > 0),"last_message_at","company_id");