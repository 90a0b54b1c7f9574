CREATE TYPE "public"."payment_method" AS ENUM('bank_transfer', 'cash', 'card');--> statement-breakpoint
CREATE TABLE "payment_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"checkout_id" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"opened_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"refunded" numeric(12, 2) DEFAULT '0' NOT NULL,
	"currency" text NOT NULL,
	"method" "payment_method" NOT NULL,
	"provider" text,
	"reference" text,
	"paid_on" date NOT NULL,
	"recorded_by" uuid,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_refunded_range" CHECK ("payments"."refunded" >= 0 AND "payments"."refunded" <= "payments"."amount"),
	CONSTRAINT "payments_reference_length" CHECK (char_length("payments"."reference") <= 200)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_kind_known";--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_kind_known";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_type_known";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_event_types_known";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "allow_partial_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_opened_by_profiles_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_removed_by_profiles_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_provider_checkout_unique" ON "payment_checkouts" USING btree ("provider","checkout_id");--> statement-breakpoint
CREATE INDEX "payment_checkouts_invoice_id_idx" ON "payment_checkouts" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_unique" ON "payments" USING btree ("provider","reference") WHERE "payments"."provider" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_invoice_id_idx" ON "payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_company_id_idx" ON "payments" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amount_paid_not_negative" CHECK ("invoices"."amount_paid" >= 0);--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_kind_known" CHECK ("audit_events"."kind" in ('auth.sign_in', 'auth.sign_in_failed', 'auth.sign_out', 'auth.password_reset_requested', 'auth.password_reset_completed', 'auth.password_changed', 'auth.email_changed', 'auth.two_factor_enabled', 'auth.two_factor_disabled', 'user.role_granted', 'user.role_revoked', 'user.deactivated', 'user.reactivated', 'invitation.sent', 'invitation.accepted', 'invitation.revoked', 'member.removed', 'invoice.pdf_downloaded', 'data.exported', 'api_token.created', 'api_token.revoked', 'audit.pruned', 'webhook.created', 'webhook.updated', 'webhook.secret_rotated', 'webhook.deleted', 'webhook.disabled', 'payment.recorded', 'payment.removed', 'payment.refunded', 'payment.alert'));--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_kind_known" CHECK ("activity_events"."kind" in ('created', 'changed', 'issued', 'commented', 'attached', 'payment_recorded', 'payment_removed', 'payment_refunded'));--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_type_known" CHECK ("webhook_deliveries"."event_type" in ('ticket.created', 'ticket.updated', 'ticket.comment.created', 'message.created', 'project.updated', 'project.comment.created', 'invoice.created', 'invoice.updated', 'invoice.paid', 'payment.recorded', 'company.created', 'member.joined'));--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_event_types_known" CHECK ("webhook_endpoints"."event_types" <@ array['ticket.created', 'ticket.updated', 'ticket.comment.created', 'message.created', 'project.updated', 'project.comment.created', 'invoice.created', 'invoice.updated', 'invoice.paid', 'payment.recorded', 'company.created', 'member.joined']::text[] and cardinality("webhook_endpoints"."event_types") > 0);