CREATE TABLE "activity_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid,
	"ticket_id" uuid,
	"invoice_id" uuid,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"field" text,
	"from_value" text,
	"to_value" text,
	"admin_only" boolean DEFAULT false NOT NULL,
	CONSTRAINT "activity_events_one_subject" CHECK (num_nonnulls("activity_events"."project_id", "activity_events"."ticket_id", "activity_events"."invoice_id") = 1),
	CONSTRAINT "activity_events_kind_known" CHECK ("activity_events"."kind" in ('created', 'changed', 'issued', 'commented', 'attached')),
	CONSTRAINT "activity_events_field_iff_changed" CHECK (("activity_events"."kind" = 'changed') = ("activity_events"."field" IS NOT NULL)),
	CONSTRAINT "activity_events_actor_name_length" CHECK (char_length("activity_events"."actor_name") <= 200),
	CONSTRAINT "activity_events_field_length" CHECK (char_length("activity_events"."field") <= 40),
	CONSTRAINT "activity_events_from_length" CHECK (char_length("activity_events"."from_value") <= 300),
	CONSTRAINT "activity_events_to_length" CHECK (char_length("activity_events"."to_value") <= 300)
);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_project_at_idx" ON "activity_events" USING btree ("project_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "activity_events"."project_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "activity_events_ticket_at_idx" ON "activity_events" USING btree ("ticket_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "activity_events"."ticket_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "activity_events_invoice_at_idx" ON "activity_events" USING btree ("invoice_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "activity_events"."invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "activity_events_company_at_idx" ON "activity_events" USING btree ("company_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_events_actor_idx" ON "activity_events" USING btree ("actor_id");--> statement-breakpoint
-- Records made before the history existed start it with their creation (who, where it is known).
INSERT INTO "activity_events" ("at", "company_id", "project_id", "kind")
  SELECT "created_at", "company_id", "id", 'created' FROM "projects";--> statement-breakpoint
INSERT INTO "activity_events" ("at", "company_id", "ticket_id", "kind", "actor_id", "actor_name")
  SELECT t."created_at", t."company_id", t."id", 'created', t."created_by", p."full_name"
  FROM "tickets" t LEFT JOIN "profiles" p ON p."id" = t."created_by";--> statement-breakpoint
INSERT INTO "activity_events" ("at", "company_id", "invoice_id", "kind", "admin_only")
  SELECT "created_at", "company_id", "id", 'created', "status"::text = 'draft' FROM "invoices";
