CREATE TABLE "file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq"),
	CONSTRAINT "file_chunks_seq_not_negative" CHECK ("file_chunks"."seq" >= 0)
);
--> statement-breakpoint
CREATE TABLE "file_object_deletions" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"store" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid,
	"ticket_id" uuid,
	"ticket_comment_id" uuid,
	"project_comment_id" uuid,
	"message_id" uuid,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint,
	"sha256" text,
	"store" text NOT NULL,
	"uploaded_by" uuid,
	"stored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_name_not_blank" CHECK (length(btrim("files"."name")) > 0),
	CONSTRAINT "files_name_length" CHECK (char_length("files"."name") <= 255),
	CONSTRAINT "files_content_type_length" CHECK (char_length("files"."content_type") <= 255),
	CONSTRAINT "files_size_positive" CHECK ("files"."size" > 0),
	CONSTRAINT "files_stored_has_size" CHECK ("files"."stored_at" IS NULL OR ("files"."size" IS NOT NULL AND "files"."sha256" IS NOT NULL)),
	CONSTRAINT "files_store_known" CHECK ("files"."store" IN ('database', 's3')),
	CONSTRAINT "files_one_owner_once_stored" CHECK (num_nonnulls("files"."invoice_id", "files"."ticket_id", "files"."ticket_comment_id", "files"."project_comment_id", "files"."message_id") = CASE WHEN "files"."stored_at" IS NULL THEN 0 ELSE 1 END)
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_ticket_comment_id_ticket_comments_id_fk" FOREIGN KEY ("ticket_comment_id") REFERENCES "public"."ticket_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_project_comment_id_project_comments_id_fk" FOREIGN KEY ("project_comment_id") REFERENCES "public"."project_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_invoice_id_key" ON "files" USING btree ("invoice_id") WHERE "files"."invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "files_ticket_id_idx" ON "files" USING btree ("ticket_id","created_at") WHERE "files"."ticket_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "files_ticket_comment_id_idx" ON "files" USING btree ("ticket_comment_id") WHERE "files"."ticket_comment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "files_project_comment_id_idx" ON "files" USING btree ("project_comment_id") WHERE "files"."project_comment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "files_message_id_idx" ON "files" USING btree ("message_id") WHERE "files"."message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "files_company_id_idx" ON "files" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "files_unstored_idx" ON "files" USING btree ("created_at") WHERE "files"."stored_at" IS NULL;--> statement-breakpoint
-- Whatever deletes a file row (its owner's deletion, a replacement, the sweep of unfinished
-- uploads, a DBA), an object in an external store is queued for removal: chunks in this database
-- go with the row by their foreign key, an S3 object cannot.
CREATE OR REPLACE FUNCTION portico_queue_file_object_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO file_object_deletions (file_id, store) VALUES (OLD.id, OLD.store) ON CONFLICT (file_id) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER files_queue_object_deletion AFTER DELETE ON files
  FOR EACH ROW WHEN (OLD.store <> 'database') EXECUTE FUNCTION portico_queue_file_object_deletion();
