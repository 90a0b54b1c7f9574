-- Findings of an outside probe (docs/security.md). Names stored before sign-up bodies were
-- forwarded as validated (one was 800,000 characters) are cut to the contract's 200, and an
-- unchecked avatar address is dropped, so the length CHECKs below hold for every existing row.
UPDATE "profiles" SET "full_name" = left(btrim("full_name"), 200) WHERE char_length("full_name") > 200;--> statement-breakpoint
UPDATE "profiles" SET "image" = NULL WHERE "image" IS NOT NULL AND NOT (char_length("image") <= 2048 AND "image" ~ '^https://');--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_slug_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "projects_company_id_slug_unique" ON "projects" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "projects_slug_idx" ON "projects" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_full_name_length" CHECK (char_length("profiles"."full_name") <= 200);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_email_length" CHECK (char_length("profiles"."email") <= 254);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_image_https" CHECK ("profiles"."image" IS NULL OR (char_length("profiles"."image") <= 2048 AND "profiles"."image" ~ '^https://'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_name_length" CHECK (char_length("companies"."name") <= 200);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_contact_name_length" CHECK (char_length("companies"."contact_name") <= 200);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_contact_email_length" CHECK (char_length("companies"."contact_email") <= 254);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_phone_length" CHECK (char_length("companies"."phone") <= 50);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_address_length" CHECK (char_length("companies"."address") <= 1000);--> statement-breakpoint
ALTER TABLE "project_comments" ADD CONSTRAINT "project_comments_content_length" CHECK (char_length("project_comments"."content") <= 10000);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_name_length" CHECK (char_length("projects"."name") <= 200);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_description_length" CHECK (char_length("projects"."description") <= 10000);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_slug_length" CHECK (char_length("projects"."slug") <= 100);--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_content_length" CHECK (char_length("ticket_comments"."content") <= 10000);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_title_length" CHECK (char_length("tickets"."title") <= 200);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_description_length" CHECK (char_length("tickets"."description") <= 10000);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_number_length" CHECK (char_length("invoices"."invoice_number") <= 100);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pdf_url_length" CHECK (char_length("invoices"."pdf_url") <= 2048);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_content_length" CHECK (char_length("messages"."content") <= 10000);
--> statement-breakpoint
-- A role change ends every session of that user, whoever makes it (the admin command, a DBA, a
-- future admin screen): nobody keeps a session signed in under another role. Deleting the
-- sessions fires their own notify trigger (0005), which drops cached sessions and event streams.
CREATE OR REPLACE FUNCTION portico_end_sessions_on_role_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.role IS NOT DISTINCT FROM NEW.role THEN
    RETURN NULL;
  END IF;
  DELETE FROM sessions WHERE user_id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER user_roles_end_sessions AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION portico_end_sessions_on_role_change();
