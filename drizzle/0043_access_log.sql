CREATE TABLE "access_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seq" bigint DEFAULT 0 NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"hour" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"actor_email" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"record_label" text,
	"access" text NOT NULL,
	"reason" text,
	"prev_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL,
	CONSTRAINT "access_events_record_type_known" CHECK ("access_events"."record_type" in ('ticket', 'project', 'invoice', 'file', 'conversation')),
	CONSTRAINT "access_events_access_known" CHECK ("access_events"."access" in ('read', 'change')),
	CONSTRAINT "access_events_actor_name_length" CHECK (char_length("access_events"."actor_name") <= 320),
	CONSTRAINT "access_events_actor_email_length" CHECK (char_length("access_events"."actor_email") <= 320),
	CONSTRAINT "access_events_record_label_length" CHECK (char_length("access_events"."record_label") <= 320),
	CONSTRAINT "access_events_reason_length" CHECK (char_length("access_events"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "hash_chain_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"base_seq" bigint DEFAULT 0 NOT NULL,
	"base_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_users" ADD COLUMN "reads_access_log" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "access_events_read_once_an_hour" ON "access_events" USING btree ("actor_id","record_type","record_id","hour") WHERE "access_events"."access" = 'read' and "access_events"."reason" is null;--> statement-breakpoint
CREATE INDEX "access_events_actor_record_at_idx" ON "access_events" USING btree ("actor_id","record_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "access_events_company_seq_idx" ON "access_events" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "access_events_company_at_idx" ON "access_events" USING btree ("company_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_events_company_actor_at_idx" ON "access_events" USING btree ("company_id","actor_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_events_company_record_at_idx" ON "access_events" USING btree ("company_id","record_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Hash chains (hand-written, ADR 050). An entry's hash is the SHA-256 of a JSON array of its
-- fields as text (jsonb's text form, the same bytes on every server), its place and the
-- previous entry's hash in it. The entry's BEFORE INSERT trigger takes its chain's row in
-- hash_chain_heads (an upsert that locks it until the commit), so appends to one chain are
-- serialized across processes and connections, on PGlite and PostgreSQL alike.
CREATE FUNCTION portico_audit_entry_hash(e audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    e.id::text, e.seq::text, e.prev_hash, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.kind, e.actor_id::text, e.actor_email, e.company_id::text, e.target_type, e.target_id, e.target_label,
    e.ip, e.user_agent, e.details::text
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
CREATE FUNCTION portico_access_entry_hash(e access_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    e.id::text, e.seq::text, e.prev_hash, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.company_id::text, e.actor_id::text, e.actor_name, e.actor_email, e.record_type, e.record_id::text,
    e.record_label, e.access, e.reason
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- The chain's end, locked for the rest of the transaction; a new chain starts at the genesis.
CREATE FUNCTION portico_chain_head(chain_name text, OUT head_seq bigint, OUT head_hash text) LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO hash_chain_heads AS h (chain, seq, hash, base_seq, base_hash) VALUES (chain_name, 0, repeat('0', 64), 0, repeat('0', 64))
    ON CONFLICT (chain) DO UPDATE SET chain = h.chain
    RETURNING h.seq, h.hash INTO head_seq, head_hash;
END;
$$;--> statement-breakpoint
CREATE FUNCTION portico_audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head record;
BEGIN
  SELECT * INTO head FROM portico_chain_head('audit');
  NEW.seq := head.head_seq + 1;
  NEW.prev_hash := head.head_hash;
  NEW.hash := portico_audit_entry_hash(NEW);
  UPDATE hash_chain_heads SET seq = NEW.seq, hash = NEW.hash WHERE chain = 'audit';
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- A read already kept for this person, record and hour is skipped here, before the chain is
-- taken, and once more after (a read another connection kept while this one waited): coalescing
-- never rewrites a row. A read with a reason (REQUIRE_ACCESS_REASON) is always kept.
CREATE FUNCTION portico_access_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head record;
  chain_name text := 'access:' || NEW.company_id::text;
BEGIN
  NEW.hour := date_trunc('hour', NEW.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  IF NEW.access = 'read' AND NEW.reason IS NULL AND EXISTS (
    SELECT 1 FROM access_events e WHERE e.actor_id = NEW.actor_id AND e.record_type = NEW.record_type AND e.record_id = NEW.record_id
      AND e.hour = NEW.hour AND e.access = 'read' AND e.reason IS NULL
  ) THEN
    RETURN NULL;
  END IF;
  SELECT * INTO head FROM portico_chain_head(chain_name);
  IF NEW.access = 'read' AND NEW.reason IS NULL AND EXISTS (
    SELECT 1 FROM access_events e WHERE e.actor_id = NEW.actor_id AND e.record_type = NEW.record_type AND e.record_id = NEW.record_id
      AND e.hour = NEW.hour AND e.access = 'read' AND e.reason IS NULL
  ) THEN
    RETURN NULL;
  END IF;
  NEW.seq := head.head_seq + 1;
  NEW.prev_hash := head.head_hash;
  NEW.hash := portico_access_entry_hash(NEW);
  UPDATE hash_chain_heads SET seq = NEW.seq, hash = NEW.hash WHERE chain = chain_name;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE FUNCTION portico_access_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'access_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER access_events_chain BEFORE INSERT ON access_events FOR EACH ROW EXECUTE FUNCTION portico_access_events_chain();--> statement-breakpoint
CREATE TRIGGER access_events_append_only BEFORE UPDATE OR DELETE ON access_events FOR EACH ROW EXECUTE FUNCTION portico_access_events_append_only();--> statement-breakpoint
CREATE TRIGGER access_events_no_truncate BEFORE TRUNCATE ON access_events FOR EACH STATEMENT EXECUTE FUNCTION portico_access_events_append_only();--> statement-breakpoint
-- The audit entries written before this migration join the chain in the order of their ids, the
-- order they were written in: the same chain on every copy of the database. The append-only
-- trigger is off for this one backfill, inside the migration's transaction.
ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only;--> statement-breakpoint
DO $$
DECLARE
  entry record;
  previous text := repeat('0', 64);
  position bigint := 0;
BEGIN
  FOR entry IN SELECT id FROM audit_events ORDER BY id LOOP
    position := position + 1;
    UPDATE audit_events SET seq = position, prev_hash = previous WHERE id = entry.id;
    UPDATE audit_events e SET hash = portico_audit_entry_hash(e) WHERE e.id = entry.id RETURNING e.hash INTO previous;
  END LOOP;
  -- An empty log has no head yet: the first entry's trigger makes it (a new database stays empty).
  IF position > 0 THEN
    INSERT INTO hash_chain_heads (chain, seq, hash, base_seq, base_hash) VALUES ('audit', position, previous, 0, repeat('0', 64));
  END IF;
END;
$$;--> statement-breakpoint
ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_seq_idx" ON "audit_events" USING btree ("seq");--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION portico_audit_events_chain();
