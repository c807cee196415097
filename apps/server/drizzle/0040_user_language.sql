-- Issue 45: the bettor's display language (English or Hindi), remembered per user by setLanguage
-- and told in the login answer, so the next sign-in opens in it. 'en' until the bettor picks one.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'hi'));
