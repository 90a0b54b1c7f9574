ALTER TABLE "mail_outbox" ADD COLUMN "shown_text" text;--> statement-breakpoint
-- Mail the worker is done with keeps no live part: a logged or failed mail kept its one-time links
-- until now. Queued mail keeps them until it goes; the outbox shows its text as null.
UPDATE "mail_outbox" SET "text_body" = NULL, "html_body" = NULL, "headers" = NULL WHERE "status" <> 'queued';
