ALTER TABLE "mail_outbox" ADD COLUMN "shown_text" text;--> statement-breakpoint
-- Mail given up on, or printed to the log, keeps no live part: nothing sends it again, and it held
-- one-time links. (Sent mail lost them at delivery; printing is the log transport's delivery: ADR 013.)
UPDATE "mail_outbox" SET "text_body" = NULL, "html_body" = NULL, "headers" = NULL WHERE "status" IN ('failed', 'logged');
