CREATE TABLE "conversations" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"message_count" integer NOT NULL,
	"unread_count" integer NOT NULL,
	CONSTRAINT "conversations_counts_valid" CHECK ("conversations"."message_count" > 0 AND "conversations"."unread_count" >= 0 AND "conversations"."unread_count" <= "conversations"."message_count")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_last_message_at_idx" ON "conversations" USING btree ("last_message_at","company_id");--> statement-breakpoint
-- Hand-written below (ADR 009): the triggers that keep "conversations" equal to an aggregate of
-- "messages", then the backfill. Unread = not read and the sender is not an admin; a deleted
-- sender (sender_id null) counts as a customer, like the query this table replaces.
--
-- Recomputes the summary of the given companies from their messages. For the rare paths
-- (deletions, a sender or a role that changes): it locks the summary rows first, so under READ
-- COMMITTED the aggregate's snapshot (taken by the next statement) includes every message
-- committed before the lock was granted, and a concurrent insert's increment is not lost.
CREATE FUNCTION "conversations_refresh"(company_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM conversations WHERE company_id = ANY(company_ids) ORDER BY company_id FOR UPDATE;
  DELETE FROM conversations c
    WHERE c.company_id = ANY(company_ids) AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.company_id = c.company_id);
  INSERT INTO conversations AS c (company_id, last_message_at, message_count, unread_count)
    SELECT m.company_id, max(m.created_at), count(*)::int,
      (count(*) FILTER (WHERE NOT m.is_read AND r.role IS DISTINCT FROM 'admin'))::int
    FROM messages m LEFT JOIN user_roles r ON r.user_id = m.sender_id
    WHERE m.company_id = ANY(company_ids)
    GROUP BY m.company_id
    ORDER BY m.company_id
  ON CONFLICT (company_id) DO UPDATE SET
    last_message_at = excluded.last_message_at, message_count = excluded.message_count, unread_count = excluded.unread_count;
END $$;
--> statement-breakpoint
-- New messages (one per send; 200,000 in one statement from seed:large): added to the counts as
-- increments, so concurrent sends to one company serialise on its row and none is lost.
CREATE FUNCTION "conversations_messages_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversations AS c (company_id, last_message_at, message_count, unread_count)
    SELECT n.company_id, max(n.created_at), count(*)::int,
      (count(*) FILTER (WHERE NOT n.is_read AND r.role IS DISTINCT FROM 'admin'))::int
    FROM new_rows n LEFT JOIN user_roles r ON r.user_id = n.sender_id
    GROUP BY n.company_id
    ORDER BY n.company_id
  ON CONFLICT (company_id) DO UPDATE SET
    last_message_at = greatest(c.last_message_at, excluded.last_message_at),
    message_count = c.message_count + excluded.message_count,
    unread_count = c.unread_count + excluded.unread_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Mark-read flips is_read: the unread count changes by the difference. Rows whose company, sender
-- or time changed (a deleted user's messages get sender_id null; the app changes nothing else)
-- have their companies recomputed instead.
CREATE FUNCTION "conversations_messages_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  SELECT coalesce(array_agg(DISTINCT x.company_id), '{}') INTO changed FROM (
    SELECT o.company_id FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
      WHERE n.id IS NULL OR (n.company_id, n.sender_id, n.created_at) IS DISTINCT FROM (o.company_id, o.sender_id, o.created_at)
    UNION ALL
    SELECT n.company_id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
      WHERE o.id IS NULL OR (n.company_id, n.sender_id, n.created_at) IS DISTINCT FROM (o.company_id, o.sender_id, o.created_at)
  ) x;
  IF cardinality(changed) > 0 THEN
    PERFORM conversations_refresh(changed);
  END IF;
  UPDATE conversations c SET unread_count = c.unread_count + d.delta
    FROM (
      SELECT n.company_id, sum((NOT n.is_read)::int - (NOT o.is_read)::int) AS delta
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        LEFT JOIN user_roles r ON r.user_id = n.sender_id
      WHERE n.is_read <> o.is_read AND r.role IS DISTINCT FROM 'admin' AND NOT (n.company_id = ANY(changed))
      GROUP BY n.company_id
    ) d
    WHERE c.company_id = d.company_id AND d.delta <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleted messages (a company's deletion cascades here): recompute what is left, or drop the row.
CREATE FUNCTION "conversations_messages_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversations_refresh(ARRAY(SELECT DISTINCT company_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "conversations_messages_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM conversations;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Someone becomes, or stops being, an admin: their unread messages change sides.
CREATE FUNCTION "conversations_sender_role_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  users uuid[] := ARRAY[]::uuid[];
BEGIN
  IF TG_OP <> 'INSERT' THEN users := users || OLD.user_id; END IF;
  IF TG_OP <> 'DELETE' THEN users := users || NEW.user_id; END IF;
  PERFORM conversations_refresh(ARRAY(SELECT DISTINCT m.company_id FROM messages m WHERE m.sender_id = ANY(users)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_conversations_insert" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_messages_inserted();
--> statement-breakpoint
CREATE TRIGGER "messages_conversations_update" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_messages_updated();
--> statement-breakpoint
CREATE TRIGGER "messages_conversations_delete" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_messages_deleted();
--> statement-breakpoint
CREATE TRIGGER "messages_conversations_truncate" AFTER TRUNCATE ON "messages"
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_messages_truncated();
--> statement-breakpoint
CREATE TRIGGER "user_roles_conversations_insert" AFTER INSERT ON "user_roles"
  FOR EACH ROW WHEN (NEW.role = 'admin') EXECUTE FUNCTION conversations_sender_role_changed();
--> statement-breakpoint
CREATE TRIGGER "user_roles_conversations_update" AFTER UPDATE ON "user_roles"
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION conversations_sender_role_changed();
--> statement-breakpoint
CREATE TRIGGER "user_roles_conversations_delete" AFTER DELETE ON "user_roles"
  FOR EACH ROW WHEN (OLD.role = 'admin') EXECUTE FUNCTION conversations_sender_role_changed();
--> statement-breakpoint
-- The triggers exist first: creating them locks "messages" against writes until this migration
-- commits, so the backfill cannot miss a message sent meanwhile.
INSERT INTO "conversations" (company_id, last_message_at, message_count, unread_count)
  SELECT m.company_id, max(m.created_at), count(*)::int,
    (count(*) FILTER (WHERE NOT m.is_read AND r.role IS DISTINCT FROM 'admin'))::int
  FROM "messages" m LEFT JOIN "user_roles" r ON r.user_id = m.sender_id
  GROUP BY m.company_id;
