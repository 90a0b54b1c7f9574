CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"config_id" text DEFAULT 'default' NOT NULL,
	"name" text,
	"start" text,
	"prefix" text,
	"key" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"refill_interval" integer,
	"refill_amount" integer,
	"last_refill_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"rate_limit_enabled" boolean DEFAULT true NOT NULL,
	"rate_limit_time_window" integer,
	"rate_limit_max" integer,
	"request_count" integer DEFAULT 0 NOT NULL,
	"remaining" integer,
	"last_request" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"permissions" text,
	"metadata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_key_unique" UNIQUE("key"),
	CONSTRAINT "api_tokens_name_length" CHECK (char_length("api_tokens"."name") <= 100),
	CONSTRAINT "api_tokens_permissions_scope" CHECK ("api_tokens"."permissions" IN ('{"api":["read"]}', '{"api":["read","write"]}'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_kind_known";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_reference_id_profiles_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_reference_id_idx" ON "api_tokens" USING btree ("reference_id","created_at");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_kind_known" CHECK ("audit_events"."kind" in ('auth.sign_in', 'auth.sign_in_failed', 'auth.sign_out', 'auth.password_reset_requested', 'auth.password_reset_completed', 'auth.password_changed', 'auth.email_changed', 'auth.two_factor_enabled', 'auth.two_factor_disabled', 'user.role_granted', 'user.role_revoked', 'user.deactivated', 'user.reactivated', 'invitation.sent', 'invitation.accepted', 'invitation.revoked', 'member.removed', 'invoice.pdf_downloaded', 'data.exported', 'api_token.created', 'api_token.revoked', 'audit.pruned'));--> statement-breakpoint
-- A token acts with its owner's rights, and only admins and company owners may hold one (ADR 030):
-- the moment a person stops being either, or is deactivated, their tokens are gone, whichever path
-- made the change (an owner handing over, an admin demoted, a member removed, a script).
CREATE OR REPLACE FUNCTION portico_end_ineligible_api_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM api_tokens t
  WHERE t.reference_id = OLD.user_id
    AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = t.reference_id AND r.role = 'admin')
    AND NOT EXISTS (SELECT 1 FROM company_users m WHERE m.user_id = t.reference_id AND m.role = 'owner');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER company_users_end_ineligible_api_tokens AFTER UPDATE OF role OR DELETE ON company_users
  FOR EACH ROW EXECUTE FUNCTION portico_end_ineligible_api_tokens();
--> statement-breakpoint
CREATE TRIGGER user_roles_end_ineligible_api_tokens AFTER UPDATE OF role OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION portico_end_ineligible_api_tokens();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portico_end_api_tokens_on_deactivation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deactivated_at IS NOT NULL THEN
    DELETE FROM api_tokens WHERE reference_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_end_api_tokens_on_deactivation AFTER UPDATE OF deactivated_at ON profiles
  FOR EACH ROW EXECUTE FUNCTION portico_end_api_tokens_on_deactivation();
