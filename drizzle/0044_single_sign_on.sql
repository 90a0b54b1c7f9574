CREATE TABLE "company_sso_providers" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"sso_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_sso_providers_issuer_length" CHECK (char_length("company_sso_providers"."issuer") <= 500),
	CONSTRAINT "company_sso_providers_client_id_length" CHECK (char_length("company_sso_providers"."client_id") <= 255),
	CONSTRAINT "company_sso_providers_client_secret_length" CHECK (char_length("company_sso_providers"."client_secret") <= 4000)
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "sso_domains_domain_length" CHECK (char_length("sso_domains"."domain") <= 253),
	CONSTRAINT "sso_domains_domain_lower_case" CHECK ("sso_domains"."domain" = lower("sso_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "sso_sign_ins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_sign_ins_return_to_length" CHECK (char_length("sso_sign_ins"."return_to") <= 500),
	CONSTRAINT "sso_sign_ins_nonce_length" CHECK (char_length("sso_sign_ins"."nonce") <= 200),
	CONSTRAINT "sso_sign_ins_code_verifier_length" CHECK (char_length("sso_sign_ins"."code_verifier") <= 200)
);
--> statement-breakpoint
ALTER TABLE "company_sso_providers" ADD CONSTRAINT "company_sso_providers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_company_id_company_sso_providers_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_sso_providers"("company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD CONSTRAINT "sso_sign_ins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_domains_company_id_idx" ON "sso_domains" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sso_sign_ins_expires_at_idx" ON "sso_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_sign_ins_company_id_idx" ON "sso_sign_ins" USING btree ("company_id");