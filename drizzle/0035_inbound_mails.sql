CREATE TABLE "inbound_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"from_address" text,
	"recipient" text,
	"subject" text DEFAULT '' NOT NULL,
	"message_id" text,
	"posted" text,
	"reason" text,
	"record_id" uuid,
	"user_id" uuid,
	"company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_mails_channel_known" CHECK ("inbound_mails"."channel" in ('smtp', 'webhook')),
	CONSTRAINT "inbound_mails_posted_known" CHECK ("inbound_mails"."posted" in ('ticket_comment', 'project_comment', 'message', 'ticket')),
	CONSTRAINT "inbound_mails_reason_known" CHECK ("inbound_mails"."reason" in ('bounce', 'loop', 'auto_reply', 'bulk', 'authentication_failed', 'empty', 'unknown_recipient', 'bad_token', 'wrong_sender', 'no_access', 'unknown_sender', 'invalid', 'rate_limited', 'duplicate')),
	CONSTRAINT "inbound_mails_one_fate" CHECK ("inbound_mails"."posted" is null or "inbound_mails"."reason" is null),
	CONSTRAINT "inbound_mails_subject_length" CHECK (char_length("inbound_mails"."subject") <= 300),
	CONSTRAINT "inbound_mails_from_length" CHECK (char_length("inbound_mails"."from_address") <= 320),
	CONSTRAINT "inbound_mails_recipient_length" CHECK (char_length("inbound_mails"."recipient") <= 320),
	CONSTRAINT "inbound_mails_message_id_length" CHECK (char_length("inbound_mails"."message_id") <= 998)
);
--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_mails_message_id_key" ON "inbound_mails" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "inbound_mails_created_at_idx" ON "inbound_mails" USING btree ("created_at");