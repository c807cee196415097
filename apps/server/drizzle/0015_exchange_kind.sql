-- The exchange kind carries match odds, win and place markets (market_type MATCH_ODDS, WIN,
-- PLACE): it is named for what it is, EXCHANGE, no longer for one of its market types.
ALTER TABLE "markets" DROP CONSTRAINT "markets_kind_check";--> statement-breakpoint
UPDATE "markets" SET "market_kind" = 'EXCHANGE' WHERE "market_kind" = 'MATCH_ODDS';--> statement-breakpoint
ALTER TABLE "markets" ALTER COLUMN "market_kind" SET DEFAULT 'EXCHANGE';--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_kind_check" CHECK ("markets"."market_kind" in ('EXCHANGE', 'BOOKMAKER', 'FANCY'));
