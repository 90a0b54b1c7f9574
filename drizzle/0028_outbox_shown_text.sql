ALTER TABLE "mail_outbox" ADD COLUMN "shown_text" text;--> statement-breakpoint
-- Mail given up on keeps no live part: nothing sends it again, and it held one-time links. (Sent
-- mail lost them at delivery; logged mail keeps them, like the log it was printed to: ADR 013.)
UPDATE "mail_outbox" SET "text_body" = NULL, "html_body" = NULL, "headers" = NULL WHERE "status" = 'failed';
