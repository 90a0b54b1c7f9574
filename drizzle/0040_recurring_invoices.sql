CREATE TYPE "public"."recurring_frequency" AS ENUM('monthly', 'quarterly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."recurring_status" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
CREATE TABLE "recurring_invoice_runs" (
	"recurring_invoice_id" uuid NOT NULL,
	"period_date" date NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_invoice_runs_recurring_invoice_id_period_date_pk" PRIMARY KEY("recurring_invoice_id","period_date")
);
--> statement-breakpoint
CREATE TABLE "recurring_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"notes" text,
	"issue_status" text DEFAULT 'unpaid' NOT NULL,
	"due_days" integer,
	"frequency" "recurring_frequency" NOT NULL,
	"day_of_month" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"count" integer,
	"status" "recurring_status" DEFAULT 'active' NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"next_issue_date" date,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_invoices_issue_status" CHECK ("recurring_invoices"."issue_status" IN ('draft', 'unpaid')),
	CONSTRAINT "recurring_invoices_day_of_month_range" CHECK ("recurring_invoices"."day_of_month" BETWEEN 1 AND 31),
	CONSTRAINT "recurring_invoices_due_days_range" CHECK ("recurring_invoices"."due_days" BETWEEN 0 AND 365),
	CONSTRAINT "recurring_invoices_count_range" CHECK ("recurring_invoices"."count" BETWEEN 1 AND 1200),
	CONSTRAINT "recurring_invoices_end_after_start" CHECK ("recurring_invoices"."end_date" IS NULL OR "recurring_invoices"."end_date" >= "recurring_invoices"."start_date"),
	CONSTRAINT "recurring_invoices_notes_length" CHECK (char_length("recurring_invoices"."notes") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_recurring_invoice_id_recurring_invoices_id_fk" FOREIGN KEY ("recurring_invoice_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_invoice_runs_invoice_id_idx" ON "recurring_invoice_runs" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_due_idx" ON "recurring_invoices" USING btree ("next_issue_date") WHERE "recurring_invoices"."status" = 'active';--> statement-breakpoint
CREATE INDEX "recurring_invoices_company_id_idx" ON "recurring_invoices" USING btree ("company_id");