CREATE TYPE "public"."quote_invoicing" AS ENUM('none', 'deposit', 'full');--> statement-breakpoint
CREATE TYPE "public"."quote_status" AS ENUM('draft', 'sent', 'accepted', 'declined');--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"quote_number" text NOT NULL,
	"title" text NOT NULL,
	"lines" jsonb NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"tax" numeric(12, 2) NOT NULL,
	"notes" text,
	"terms" text,
	"valid_until" date NOT NULL,
	"status" "quote_status" DEFAULT 'draft' NOT NULL,
	"invoicing" "quote_invoicing" DEFAULT 'none' NOT NULL,
	"deposit_percent" numeric(5, 2),
	"deposit_amount" numeric(12, 2),
	"invoice_status" text DEFAULT 'unpaid' NOT NULL,
	"sent_at" timestamp with time zone,
	"document" "bytea",
	"document_sha256" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"signer_name" text,
	"signature" text,
	"signer_ip" text,
	"signer_user_agent" text,
	"accepted_document" "bytea",
	"decline_reason" text,
	"invoice_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_quote_number_unique" UNIQUE("quote_number"),
	CONSTRAINT "quotes_number_not_blank" CHECK (length(btrim("quotes"."quote_number")) > 0),
	CONSTRAINT "quotes_title_not_blank" CHECK (length(btrim("quotes"."title")) > 0),
	CONSTRAINT "quotes_title_length" CHECK (char_length("quotes"."title") <= 200),
	CONSTRAINT "quotes_notes_length" CHECK (char_length("quotes"."notes") <= 5000),
	CONSTRAINT "quotes_terms_length" CHECK (char_length("quotes"."terms") <= 10000),
	CONSTRAINT "quotes_signer_name_length" CHECK (char_length("quotes"."signer_name") <= 200),
	CONSTRAINT "quotes_signature_length" CHECK (char_length("quotes"."signature") <= 273091),
	CONSTRAINT "quotes_decline_reason_length" CHECK (char_length("quotes"."decline_reason") <= 2000),
	CONSTRAINT "quotes_total_is_subtotal_and_tax" CHECK ("quotes"."amount" = "quotes"."subtotal" + "quotes"."tax"),
	CONSTRAINT "quotes_invoice_status" CHECK ("quotes"."invoice_status" IN ('draft', 'unpaid')),
	CONSTRAINT "quotes_deposit_percent_range" CHECK ("quotes"."deposit_percent" IS NULL OR "quotes"."deposit_percent" BETWEEN 1 AND 100),
	CONSTRAINT "quotes_deposit_amount_positive" CHECK ("quotes"."deposit_amount" IS NULL OR "quotes"."deposit_amount" > 0),
	CONSTRAINT "quotes_deposit_only_with_deposit" CHECK (("quotes"."invoicing"::text = 'deposit') = (("quotes"."deposit_percent" IS NULL) <> ("quotes"."deposit_amount" IS NULL))),
	CONSTRAINT "quotes_sent_iff_document" CHECK (("quotes"."status"::text = 'draft') = ("quotes"."sent_at" IS NULL) AND ("quotes"."sent_at" IS NULL) = ("quotes"."document" IS NULL) AND ("quotes"."document" IS NULL) = ("quotes"."document_sha256" IS NULL)),
	CONSTRAINT "quotes_answered_iff_answered_at" CHECK (("quotes"."status"::text IN ('accepted', 'declined')) = ("quotes"."answered_at" IS NOT NULL)),
	CONSTRAINT "quotes_accepted_iff_signed" CHECK (("quotes"."status"::text = 'accepted') = ("quotes"."signature" IS NOT NULL AND "quotes"."signer_name" IS NOT NULL AND "quotes"."accepted_document" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_kind_known";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_type_known";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_event_types_known";--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_answered_by_profiles_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_company_id_created_at_idx" ON "quotes" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_created_at_idx" ON "quotes" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "quotes_invoice_id_idx" ON "quotes" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_kind_known" CHECK ("audit_events"."kind" in ('auth.sign_in', 'auth.sign_in_failed', 'auth.sign_out', 'auth.password_reset_requested', 'auth.password_reset_completed', 'auth.password_changed', 'auth.email_changed', 'auth.two_factor_enabled', 'auth.two_factor_disabled', 'user.role_granted', 'user.role_revoked', 'user.deactivated', 'user.reactivated', 'invitation.sent', 'invitation.accepted', 'invitation.revoked', 'member.removed', 'invoice.pdf_downloaded', 'data.exported', 'api_token.created', 'api_token.revoked', 'audit.pruned', 'webhook.created', 'webhook.updated', 'webhook.secret_rotated', 'webhook.deleted', 'webhook.disabled', 'payment.recorded', 'payment.removed', 'payment.refunded', 'payment.alert', 'quote.accepted', 'quote.declined'));--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_type_known" CHECK ("webhook_deliveries"."event_type" in ('ticket.created', 'ticket.updated', 'ticket.comment.created', 'message.created', 'project.updated', 'project.comment.created', 'invoice.created', 'invoice.updated', 'invoice.paid', 'payment.recorded', 'quote.sent', 'quote.accepted', 'quote.declined', 'company.created', 'member.joined'));--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_event_types_known" CHECK ("webhook_endpoints"."event_types" <@ array['ticket.created', 'ticket.updated', 'ticket.comment.created', 'message.created', 'project.updated', 'project.comment.created', 'invoice.created', 'invoice.updated', 'invoice.paid', 'payment.recorded', 'quote.sent', 'quote.accepted', 'quote.declined', 'company.created', 'member.joined']::text[] and cardinality("webhook_endpoints"."event_types") > 0);