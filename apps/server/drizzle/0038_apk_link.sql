-- Issue 45: where "Download the app" sends a phone with no install prompt ('' none).
ALTER TABLE "global_settings" ADD COLUMN "apk_link" text DEFAULT '' NOT NULL;
