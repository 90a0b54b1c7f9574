-- Exact row counts of the tables admin lists page through, kept by statement triggers (ADR 010):
-- the unfiltered list's total becomes one primary-key lookup instead of counting up to 10,001
-- rows on every page view. Filtered lists still count (their filters are indexed and capped).
CREATE TABLE "table_row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"row_count" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "table_row_counts" ("table_name", "row_count")
  SELECT 'companies', count(*) FROM "companies"
  UNION ALL SELECT 'projects', count(*) FROM "projects"
  UNION ALL SELECT 'tickets', count(*) FROM "tickets"
  UNION ALL SELECT 'invoices', count(*) FROM "invoices"
  UNION ALL SELECT 'conversations', count(*) FROM "conversations";
--> statement-breakpoint
-- One UPDATE per statement, however many rows it touched (a seed inserting a million tickets
-- pays once). TG_TABLE_NAME is the table the trigger is on.
CREATE OR REPLACE FUNCTION portico_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "table_row_counts" SET "row_count" = "row_count" + (SELECT count(*) FROM new_rows) WHERE "table_name" = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "table_row_counts" SET "row_count" = "row_count" - (SELECT count(*) FROM old_rows) WHERE "table_name" = TG_TABLE_NAME;
  ELSE
    UPDATE "table_row_counts" SET "row_count" = 0 WHERE "table_name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_count_insert AFTER INSERT ON "companies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER companies_count_delete AFTER DELETE ON "companies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER companies_count_truncate AFTER TRUNCATE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER projects_count_insert AFTER INSERT ON "projects" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER projects_count_delete AFTER DELETE ON "projects" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER projects_count_truncate AFTER TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER tickets_count_insert AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER tickets_count_delete AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER tickets_count_truncate AFTER TRUNCATE ON "tickets" FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER invoices_count_insert AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER invoices_count_delete AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER invoices_count_truncate AFTER TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
-- Conversations rows come and go through the message triggers of 0004 (an INSERT ... ON CONFLICT
-- DO UPDATE: its INSERT transition table holds only the rows it really inserted).
CREATE TRIGGER conversations_count_insert AFTER INSERT ON "conversations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER conversations_count_delete AFTER DELETE ON "conversations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
--> statement-breakpoint
CREATE TRIGGER conversations_count_truncate AFTER TRUNCATE ON "conversations" FOR EACH STATEMENT EXECUTE FUNCTION portico_count_rows();
