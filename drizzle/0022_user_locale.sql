ALTER TABLE "profiles" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "browser_locale" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_locale_known" CHECK ("profiles"."locale" IS NULL OR "profiles"."locale" IN ('en', 'de'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_browser_locale_known" CHECK ("profiles"."browser_locale" IS NULL OR "profiles"."browser_locale" IN ('en', 'de'));