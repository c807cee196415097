-- 24X7 Support on every channel the operator has (issue 47): a WhatsApp and a phone number, a
-- Telegram name and an e-mail address, each or none. The one channel set before is kept in its field.
ALTER TABLE "global_settings" ADD COLUMN IF NOT EXISTS "support_whatsapp" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN IF NOT EXISTS "support_telegram" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN IF NOT EXISTS "support_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN IF NOT EXISTS "support_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "global_settings" SET
  "support_whatsapp" = CASE WHEN "support_channel" = 'WHATSAPP' THEN "support_contact" ELSE '' END,
  "support_telegram" = CASE WHEN "support_channel" = 'TELEGRAM' THEN "support_contact" ELSE '' END,
  "support_phone" = CASE WHEN "support_channel" = 'PHONE' THEN "support_contact" ELSE '' END,
  "support_email" = CASE WHEN "support_channel" = 'EMAIL' THEN "support_contact" ELSE '' END;
