-- The ticket board pages each status column of a company at any depth and counts it exactly
-- (GET /api/tickets/status-counts): one index range per column instead of a bitmap AND with the global
-- status index.
CREATE INDEX "tickets_company_id_status_created_at_idx" ON "tickets" USING btree ("company_id","status","created_at" DESC NULLS FIRST,"id");
