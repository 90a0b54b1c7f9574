ALTER TYPE "public"."invoice_status" ADD VALUE 'draft' BEFORE 'unpaid';--> statement-breakpoint
ALTER TYPE "public"."invoice_status" ADD VALUE 'void';--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
-- Backfill (hand-written): every invoice from before drafts was issued when it was created. The
-- CHECKs below compare status as text: the migrator runs every migration in one transaction, and
-- PostgreSQL refuses an enum value added in a transaction that has not committed yet.
UPDATE "invoices" SET "issued_at" = "created_at";--> statement-breakpoint
-- Deferrable (hand-written): a copy of every row (npm run db:move) inserts invoices in no particular
-- order and defers this check to its COMMIT; the application's writes still check it at once.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaces_id_invoices_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
CREATE INDEX "invoices_replaces_id_idx" ON "invoices" USING btree ("replaces_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_at_iff_issued" CHECK (("invoices"."status"::text = 'draft') = ("invoices"."issued_at" IS NULL));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_at_iff_void" CHECK (("invoices"."status"::text = 'void') = ("invoices"."voided_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaces_other" CHECK ("invoices"."replaces_id" IS NULL OR "invoices"."replaces_id" <> "invoices"."id");