CREATE TYPE "public"."mail_status" AS ENUM('queued', 'sent', 'logged', 'failed');--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text,
	"html_body" text,
	"status" "mail_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_id" uuid,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_to_address_length" CHECK (char_length("mail_outbox"."to_address") <= 254),
	CONSTRAINT "mail_outbox_subject_length" CHECK (char_length("mail_outbox"."subject") <= 500),
	CONSTRAINT "mail_outbox_last_error_length" CHECK (char_length("mail_outbox"."last_error") <= 2000),
	CONSTRAINT "mail_outbox_attempts_not_negative" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
-- Wakes the mail worker of every process when mail is queued, however the row got there, at the
-- commit of the transaction that queued it (a rolled-back write wakes nobody). One notice per
-- statement: a batch of invitations is one wake-up.
CREATE OR REPLACE FUNCTION portico_mail_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portico_mail', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER mail_outbox_queued AFTER INSERT ON mail_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION portico_mail_queued();
