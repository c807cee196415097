-- Binary sessions (issue 24, docs/binary.md): the instruments (matches of sport -17), one session
-- per instrument and trading day (each a fancy-kind market, market_type 'BINARY'), the feed's ticks
-- of a session (bounded: at most one per few seconds, old sessions' ticks pruned) and the
-- operator's holiday calendar.
CREATE TABLE "binary_instruments" (
	"match_id" integer PRIMARY KEY NOT NULL REFERENCES "matches"("match_id"),
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "binary_instruments_code_key" ON "binary_instruments" USING btree ("code");--> statement-breakpoint
CREATE TABLE "binary_sessions" (
	"market_id" integer PRIMARY KEY NOT NULL REFERENCES "markets"("market_id"),
	"match_id" integer NOT NULL REFERENCES "matches"("match_id"),
	"code" text NOT NULL,
	"trading_day" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"first_price_c" integer,
	"last_price_c" integer,
	"last_tick_at" timestamp with time zone,
	"override_price_c" integer,
	"settlement_price_c" integer,
	"state" text DEFAULT 'LIVE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "binary_sessions_state_check" CHECK ("binary_sessions"."state" in ('LIVE', 'SETTLED', 'VOID')),
	CONSTRAINT "binary_sessions_prices_check" CHECK (coalesce("binary_sessions"."override_price_c", 1) > 0 and coalesce("binary_sessions"."last_price_c", 1) > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "binary_sessions_match_day_key" ON "binary_sessions" USING btree ("match_id","trading_day");--> statement-breakpoint
CREATE INDEX "binary_sessions_state_idx" ON "binary_sessions" USING btree ("state","closes_at");--> statement-breakpoint
CREATE TABLE "binary_ticks" (
	"market_id" integer NOT NULL REFERENCES "markets"("market_id"),
	"at" timestamp with time zone NOT NULL,
	"price_c" integer NOT NULL,
	CONSTRAINT "binary_ticks_market_id_at_pk" PRIMARY KEY("market_id","at"),
	CONSTRAINT "binary_ticks_price_check" CHECK ("binary_ticks"."price_c" > 0)
);
--> statement-breakpoint
CREATE TABLE "binary_holidays" (
	"day" text NOT NULL,
	"grp" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "binary_holidays_day_grp_pk" PRIMARY KEY("day","grp"),
	CONSTRAINT "binary_holidays_grp_check" CHECK ("binary_holidays"."grp" in ('EQUITY', 'COMMODITY', 'EVENING', 'ALL'))
);
