CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"ticket_id" uuid,
	"work_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"description" text NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"rate" numeric(12, 2) NOT NULL,
	"invoice_id" uuid,
	"logged_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_minutes_range" CHECK ("time_entries"."minutes" BETWEEN 1 AND 1440),
	CONSTRAINT "time_entries_rate_not_negative" CHECK ("time_entries"."rate" >= 0),
	CONSTRAINT "time_entries_description_not_blank" CHECK (length(btrim("time_entries"."description")) > 0),
	CONSTRAINT "time_entries_description_length" CHECK (char_length("time_entries"."description") <= 500)
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hourly_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "monthly_hours_budget" integer;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_logged_by_profiles_id_fk" FOREIGN KEY ("logged_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_project_company_fk" FOREIGN KEY ("project_id","company_id") REFERENCES "public"."projects"("id","company_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "time_entries_project_id_work_date_idx" ON "time_entries" USING btree ("project_id","work_date");--> statement-breakpoint
CREATE INDEX "time_entries_company_unbilled_idx" ON "time_entries" USING btree ("company_id","work_date") WHERE "time_entries"."invoice_id" IS NULL AND "time_entries"."billable";--> statement-breakpoint
CREATE INDEX "time_entries_invoice_id_idx" ON "time_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "time_entries_ticket_id_idx" ON "time_entries" USING btree ("ticket_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_hourly_rate_not_negative" CHECK ("projects"."hourly_rate" >= 0);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_monthly_hours_budget_range" CHECK ("projects"."monthly_hours_budget" BETWEEN 1 AND 744);