DROP INDEX "tickets_unseen_created_at_idx";--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_unseen_priority_created_at_idx" ON "tickets" USING btree ("priority" DESC NULLS FIRST,"created_at","id") WHERE "tickets"."seen_by_team_at" IS NULL;