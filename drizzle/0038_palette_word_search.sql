CREATE INDEX "companies_name_words_idx" ON "companies" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "projects_name_words_idx" ON "projects" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "tickets_title_words_idx" ON "tickets" USING gin (to_tsvector('simple', "title"));