-- Binary sessions become a market kind of their own (issue 24, docs/binary.md): BINARY markets
-- with their line pair on binary_sessions and their bets in binary_bets (owned by modules/binary),
-- no longer FANCY markets with rows in fancies and fancy_bets. Lines are hundredths of a price
-- point from here on (a whole-point line L was L·100), and so is a settled session's declared
-- value (the settlement price in hundredths). Holds are unchanged in value: the same bets, the same
-- arithmetic. The void reason is new (an older void has none).
ALTER TABLE "markets" DROP CONSTRAINT "markets_kind_check";--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_kind_check" CHECK ("markets"."market_kind" in ('EXCHANGE', 'BOOKMAKER', 'FANCY', 'CASINO', 'BINARY'));--> statement-breakpoint
ALTER TABLE "binary_sessions" ADD COLUMN "line_status" text DEFAULT 'SUSPENDED' NOT NULL;--> statement-breakpoint
ALTER TABLE "binary_sessions" ADD COLUMN "no_line_c" integer;--> statement-breakpoint
ALTER TABLE "binary_sessions" ADD COLUMN "no_rate" integer;--> statement-breakpoint
ALTER TABLE "binary_sessions" ADD COLUMN "yes_line_c" integer;--> statement-breakpoint
ALTER TABLE "binary_sessions" ADD COLUMN "yes_rate" integer;--> statement-breakpoint
ALTER TABLE "binary_sessions" ADD COLUMN "max_user_stake_paise" bigint DEFAULT 20000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "binary_sessions" ALTER COLUMN "max_user_stake_paise" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "binary_sessions" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "binary_sessions" ADD CONSTRAINT "binary_sessions_line_status_check" CHECK ("binary_sessions"."line_status" in ('ACTIVE', 'SUSPENDED', 'CLOSED'));--> statement-breakpoint
CREATE TABLE "binary_bets" (
	"bet_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"match_id" integer NOT NULL REFERENCES "matches"("match_id"),
	"market_id" integer NOT NULL REFERENCES "markets"("market_id"),
	"is_yes" boolean NOT NULL,
	"line_c" integer NOT NULL,
	"rate" integer NOT NULL,
	"stake_paise" bigint NOT NULL,
	"request_id" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_status" text,
	"result" text,
	"profit_loss_paise" bigint,
	"settled_at" timestamp with time zone,
	CONSTRAINT "binary_bets_rate_check" CHECK ("binary_bets"."rate" > 0),
	CONSTRAINT "binary_bets_stake_check" CHECK ("binary_bets"."stake_paise" > 0),
	CONSTRAINT "binary_bets_line_check" CHECK ("binary_bets"."line_c" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "binary_bets_user_request_key" ON "binary_bets" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "binary_bets_market_user_idx" ON "binary_bets" USING btree ("market_id","user_id");--> statement-breakpoint
CREATE INDEX "binary_bets_user_settled_idx" ON "binary_bets" USING btree ("user_id","settled_at");--> statement-breakpoint
-- The stored sessions' lines, their per-user limit and their bets move over (lines ×100; the
-- bets are numbered anew by binary_bets, in their old order).
UPDATE "binary_sessions" s SET
	"line_status" = CASE f."status" WHEN 'ACTIVE' THEN 'ACTIVE' WHEN 'SUSPENDED' THEN 'SUSPENDED' ELSE 'CLOSED' END,
	"no_line_c" = f."no_line" * 100, "no_rate" = f."no_rate",
	"yes_line_c" = f."yes_line" * 100, "yes_rate" = f."yes_rate",
	"max_user_stake_paise" = f."max_user_stake_paise"
	FROM "fancies" f WHERE f."market_id" = s."market_id";--> statement-breakpoint
INSERT INTO "binary_bets" ("user_id", "match_id", "market_id", "is_yes", "line_c", "rate",
	"stake_paise", "request_id", "placed_at", "settled_status", "result", "profit_loss_paise", "settled_at")
	SELECT b."user_id", b."match_id", b."market_id", b."is_yes", b."line" * 100, b."rate",
		b."stake_paise", b."request_id", b."placed_at", b."settled_status", b."result", b."profit_loss_paise", b."settled_at"
	FROM "fancy_bets" b WHERE b."market_id" IN (SELECT "market_id" FROM "binary_sessions") ORDER BY b."bet_id";--> statement-breakpoint
UPDATE "market_settlements" ms SET "result" = jsonb_set(ms."result", '{value}', to_jsonb(s."settlement_price_c"))
	FROM "binary_sessions" s
	WHERE ms."market_id" = s."market_id" AND s."settlement_price_c" IS NOT NULL AND ms."result" ? 'value';--> statement-breakpoint
UPDATE "markets" SET "market_kind" = 'BINARY', "market_type" = 'BINARY'
	WHERE "market_id" IN (SELECT "market_id" FROM "binary_sessions");--> statement-breakpoint
DELETE FROM "fancy_bets" WHERE "market_id" IN (SELECT "market_id" FROM "binary_sessions");--> statement-breakpoint
DELETE FROM "fancies" WHERE "market_id" IN (SELECT "market_id" FROM "binary_sessions");
