CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_digests" (
	"recipient_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_recipient_id_day_pk" PRIMARY KEY("recipient_id","day")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"delivery" text NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_kind_known" CHECK ("notification_preferences"."kind" in ('message', 'comment_reply', 'ticket_status', 'invoice_issued', 'invoice_overdue', 'project_created', 'ticket_created', 'customer_message', 'customer_comment', 'member_joined', 'assigned_project')),
	CONSTRAINT "notification_preferences_delivery_known" CHECK ("notification_preferences"."delivery" in ('immediate', 'digest', 'off'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ticket_id" uuid,
	"project_id" uuid,
	"invoice_id" uuid,
	"actor_id" uuid,
	"actor_name" text,
	"field" text,
	"from_value" text,
	"to_value" text,
	"excerpt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mail" text NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('message', 'comment_reply', 'ticket_status', 'invoice_issued', 'invoice_overdue', 'project_created', 'ticket_created', 'customer_message', 'customer_comment', 'member_joined', 'assigned_project')),
	CONSTRAINT "notifications_mail_known" CHECK ("notifications"."mail" in ('immediate', 'digest', 'none')),
	CONSTRAINT "notifications_at_most_one_record" CHECK (num_nonnulls("notifications"."ticket_id", "notifications"."project_id", "notifications"."invoice_id") <= 1),
	CONSTRAINT "notifications_actor_name_length" CHECK (char_length("notifications"."actor_name") <= 200),
	CONSTRAINT "notifications_field_length" CHECK (char_length("notifications"."field") <= 40),
	CONSTRAINT "notifications_from_length" CHECK (char_length("notifications"."from_value") <= 300),
	CONSTRAINT "notifications_to_length" CHECK (char_length("notifications"."to_value") <= 300),
	CONSTRAINT "notifications_excerpt_length" CHECK (char_length("notifications"."excerpt") <= 200)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_mail_due_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."mail" = 'immediate' AND "notifications"."mailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_digest_due_idx" ON "notifications" USING btree ("recipient_id","created_at") WHERE "notifications"."mail" = 'digest' AND "notifications"."mailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_ticket_idx" ON "notifications" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "notifications_project_idx" ON "notifications" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "notifications_invoice_idx" ON "notifications" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "notifications_company_idx" ON "notifications" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id");