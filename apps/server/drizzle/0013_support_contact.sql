-- The footer's 24X7 Support as a contact the operator sets in the console (docs/console.md).
ALTER TABLE "global_settings" ADD COLUMN "support_channel" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "support_contact" text DEFAULT '' NOT NULL;
