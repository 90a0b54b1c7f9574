DROP INDEX "companies_created_at_idx";--> statement-breakpoint
DROP INDEX "projects_company_id_created_at_idx";--> statement-breakpoint
DROP INDEX "projects_created_at_idx";--> statement-breakpoint
DROP INDEX "tickets_project_id_created_at_idx";--> statement-breakpoint
DROP INDEX "tickets_company_id_created_at_idx";--> statement-breakpoint
DROP INDEX "tickets_created_at_idx";--> statement-breakpoint
DROP INDEX "tickets_status_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_company_id_issue_date_idx";--> statement-breakpoint
DROP INDEX "invoices_created_at_idx";--> statement-breakpoint
CREATE INDEX "companies_created_at_idx" ON "companies" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "projects_company_id_created_at_idx" ON "projects" USING btree ("company_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_created_at_idx" ON "projects" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "tickets_project_id_created_at_idx" ON "tickets" USING btree ("project_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_company_id_created_at_idx" ON "tickets" USING btree ("company_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_created_at_idx" ON "tickets" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "tickets_status_created_at_idx" ON "tickets" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_company_id_issue_date_idx" ON "invoices" USING btree ("company_id","issue_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at" DESC NULLS FIRST,"id");