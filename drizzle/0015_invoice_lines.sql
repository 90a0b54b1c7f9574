CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"tax_rate" numeric(5, 2),
	"line_total" numeric(12, 2) NOT NULL,
	"line_tax" numeric(12, 2) NOT NULL,
	CONSTRAINT "invoice_lines_invoice_position_unique" UNIQUE("invoice_id","position"),
	CONSTRAINT "invoice_lines_position_range" CHECK ("invoice_lines"."position" >= 0 AND "invoice_lines"."position" < 200),
	CONSTRAINT "invoice_lines_description_not_blank" CHECK (length(btrim("invoice_lines"."description")) > 0),
	CONSTRAINT "invoice_lines_description_length" CHECK (char_length("invoice_lines"."description") <= 500),
	CONSTRAINT "invoice_lines_quantity_range" CHECK ("invoice_lines"."quantity" > 0 AND "invoice_lines"."quantity" <= 9999999),
	CONSTRAINT "invoice_lines_unit_price_not_negative" CHECK ("invoice_lines"."unit_price" >= 0),
	CONSTRAINT "invoice_lines_tax_rate_range" CHECK ("invoice_lines"."tax_rate" IS NULL OR ("invoice_lines"."tax_rate" >= 0 AND "invoice_lines"."tax_rate" <= 100)),
	CONSTRAINT "invoice_lines_totals_not_negative" CHECK ("invoice_lines"."line_total" >= 0 AND "invoice_lines"."line_tax" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subtotal" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_by" uuid;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_paid_by_profiles_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_notes_length" CHECK (char_length("invoices"."notes") <= 5000);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_is_subtotal_and_tax" CHECK ("invoices"."amount" = "invoices"."subtotal" + "invoices"."tax");;--> statement-breakpoint
-- Backfill (hand-written): subtotal and tax are added nullable above and made NOT NULL once every
-- invoice has them. Each invoice from before line items becomes one untaxed "Services" line of its
-- amount, so its total does not change; a paid one is taken as paid when it was last changed.
INSERT INTO "invoice_lines" ("invoice_id", "position", "description", "quantity", "unit_price", "tax_rate", "line_total", "line_tax")
  SELECT "id", 0, 'Services', 1, "amount", NULL, "amount", 0 FROM "invoices";--> statement-breakpoint
UPDATE "invoices" SET "subtotal" = "amount", "tax" = 0,
  "paid_at" = CASE WHEN "status" = 'paid' THEN "updated_at" END;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "subtotal" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax" SET NOT NULL;
