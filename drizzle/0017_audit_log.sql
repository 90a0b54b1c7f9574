CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"company_id" uuid,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"ip" text,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_events_kind_known" CHECK ("audit_events"."kind" in ('auth.sign_in', 'auth.sign_in_failed', 'auth.sign_out', 'auth.password_reset_requested', 'auth.password_reset_completed', 'auth.password_changed', 'auth.email_changed', 'auth.two_factor_enabled', 'auth.two_factor_disabled', 'user.role_granted', 'user.role_revoked', 'user.deactivated', 'user.reactivated', 'invitation.sent', 'invitation.accepted', 'invitation.revoked', 'member.removed', 'invoice.pdf_downloaded', 'data.exported', 'audit.pruned')),
	CONSTRAINT "audit_events_actor_email_length" CHECK (char_length("audit_events"."actor_email") <= 320),
	CONSTRAINT "audit_events_target_type_length" CHECK (char_length("audit_events"."target_type") <= 40),
	CONSTRAINT "audit_events_target_id_length" CHECK (char_length("audit_events"."target_id") <= 320),
	CONSTRAINT "audit_events_target_label_length" CHECK (char_length("audit_events"."target_label") <= 320),
	CONSTRAINT "audit_events_ip_length" CHECK (char_length("audit_events"."ip") <= 64),
	CONSTRAINT "audit_events_user_agent_length" CHECK (char_length("audit_events"."user_agent") <= 512)
);
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_company_at_idx" ON "audit_events" USING btree ("company_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_kind_at_idx" ON "audit_events" USING btree ("kind","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_email_trgm_idx" ON "audit_events" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
-- Append-only (hand-written, ADR 027): the application's own connection cannot rewrite history.
-- Every UPDATE and TRUNCATE raises; a DELETE raises unless its transaction said
-- `set local portico.audit_prune = 'on'`, which only the retention job does (and it logs itself).
CREATE OR REPLACE FUNCTION portico_audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('portico.audit_prune', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION portico_audit_events_append_only();--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION portico_audit_events_append_only();
