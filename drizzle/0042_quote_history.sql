ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_one_subject";--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_kind_known";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_known";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_at_most_one_record";--> statement-breakpoint
ALTER TABLE "company_users" ADD COLUMN "answers_quotes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_quote_at_idx" ON "activity_events" USING btree ("quote_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "activity_events"."quote_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_quote_idx" ON "notifications" USING btree ("quote_id");--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_one_subject" CHECK (num_nonnulls("activity_events"."project_id", "activity_events"."ticket_id", "activity_events"."invoice_id", "activity_events"."quote_id") = 1);--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_kind_known" CHECK ("activity_events"."kind" in ('created', 'changed', 'issued', 'commented', 'attached', 'payment_recorded', 'payment_removed', 'payment_refunded', 'sent', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_known" CHECK ("notification_preferences"."kind" in ('message', 'comment_reply', 'ticket_status', 'invoice_issued', 'invoice_overdue', 'payment_received', 'project_created', 'quote_sent', 'ticket_created', 'customer_message', 'customer_comment', 'customer_payment', 'member_joined', 'assigned_project', 'quote_answered'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('message', 'comment_reply', 'ticket_status', 'invoice_issued', 'invoice_overdue', 'payment_received', 'project_created', 'quote_sent', 'ticket_created', 'customer_message', 'customer_comment', 'customer_payment', 'member_joined', 'assigned_project', 'quote_answered'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_at_most_one_record" CHECK (num_nonnulls("notifications"."ticket_id", "notifications"."project_id", "notifications"."invoice_id", "notifications"."quote_id") <= 1);