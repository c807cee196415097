-- Cash out (docs/cash-out.md): one row per cash out placed, keyed by the caller's request_id, so a
-- repeat answers the first answer (the hedge bets placed and the profit they locked). The bets
-- themselves are ordinary exchange bets; this row only remembers the answer.
CREATE TABLE "exchange_cash_outs" (
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"request_id" text NOT NULL,
	"market_id" integer NOT NULL REFERENCES "markets"("market_id"),
	"profit_paise" bigint NOT NULL,
	"bets" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("user_id", "request_id")
);
