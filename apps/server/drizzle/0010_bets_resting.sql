-- Partial fills become HOT updates: the resting index names only `resting`, and 15% of each page
-- is left free so that the new version of a bet fits beside the old one (docs/decisions.md).
ALTER TABLE "bets" SET (fillfactor = 85);--> statement-breakpoint
DROP INDEX "bets_resting_idx";--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "resting" boolean GENERATED ALWAYS AS (remaining_paise > 0) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "bets_resting_idx" ON "bets" USING btree ("market_id") WHERE "bets"."resting";