-- The bets' and fills' foreign keys, checked in the round instead (docs/decisions.md, "The bets'
-- and fills' parents checked in the round"). Each key ran a lookup of its parent row per inserted
-- row, locking it FOR KEY SHARE: seven per bet and fill, about a fifth of PostgreSQL's time in a
-- round, and shared parent rows (a bettor, a match) locked by two markets' rounds at once. The
-- round asserts the same before its write (exchange/batch.ts `assertRowsOfMarket`): a new bet names
-- the locked market, its match and a running runner; a fill names bets the same write inserts or
-- changes. No user, match, market or runner is ever deleted.
ALTER TABLE "bets" DROP CONSTRAINT IF EXISTS "bets_user_id_users_user_id_fk";--> statement-breakpoint
ALTER TABLE "bets" DROP CONSTRAINT IF EXISTS "bets_match_id_matches_match_id_fk";--> statement-breakpoint
ALTER TABLE "bets" DROP CONSTRAINT IF EXISTS "bets_market_id_markets_market_id_fk";--> statement-breakpoint
ALTER TABLE "bets" DROP CONSTRAINT IF EXISTS "bets_selection_id_runners_selection_id_fk";--> statement-breakpoint
ALTER TABLE "fills" DROP CONSTRAINT IF EXISTS "fills_market_id_markets_market_id_fk";--> statement-breakpoint
ALTER TABLE "fills" DROP CONSTRAINT IF EXISTS "fills_back_bet_id_bets_bet_id_fk";--> statement-breakpoint
ALTER TABLE "fills" DROP CONSTRAINT IF EXISTS "fills_lay_bet_id_bets_bet_id_fk";
