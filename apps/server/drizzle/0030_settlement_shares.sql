-- Shares of the result (issue 41, docs/hierarchy.md): the chain of masters and agents each
-- bettor's result in a market is split along, pinned at the market's first settlement.
CREATE TABLE IF NOT EXISTS "settlement_share_chains" (
  "market_id" integer NOT NULL REFERENCES "markets"("market_id"),
  "user_id" integer NOT NULL REFERENCES "users"("user_id"),
  "position" integer NOT NULL,
  "upline_id" integer NOT NULL REFERENCES "users"("user_id"),
  "share_bp" integer NOT NULL,
  CONSTRAINT "settlement_share_chains_share_check" CHECK ("share_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "settlement_share_chains_pk" ON "settlement_share_chains" ("market_id", "user_id", "position");
