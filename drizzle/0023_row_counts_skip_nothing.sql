-- The row counts of ADR 010 take the counted row's lock only when a statement inserted or deleted
-- something. An upsert that updated instead (each chat message's conversation summary, INSERT … ON
-- CONFLICT DO UPDATE) fired the insert trigger with no new rows and still updated the one
-- 'conversations' row by 0, holding its lock to the commit: every send waited on every other
-- send's transaction, whatever company it was for (issue 21, bench/sse-fanout.ts).
CREATE OR REPLACE FUNCTION portico_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO changed FROM new_rows;
    IF changed > 0 THEN
      UPDATE "table_row_counts" SET "row_count" = "row_count" + changed WHERE "table_name" = TG_TABLE_NAME;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO changed FROM old_rows;
    IF changed > 0 THEN
      UPDATE "table_row_counts" SET "row_count" = "row_count" - changed WHERE "table_name" = TG_TABLE_NAME;
    END IF;
  ELSE
    UPDATE "table_row_counts" SET "row_count" = 0 WHERE "table_name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
