ALTER TABLE "mail_outbox" ADD COLUMN "render_at_send" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;