CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_email_trgm_idx" ON "profiles" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- The admin Users list's unfiltered total is a stored count like the other admin lists' (0006).
INSERT INTO "table_row_counts" ("table_name", "row_count") SELECT 'profiles', count(*) FROM "profiles";
--> statement-breakpoint
CREATE TRIGGER profiles_count_insert AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER profiles_count_delete AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER profiles_count_truncate AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
