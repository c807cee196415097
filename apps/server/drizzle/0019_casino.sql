-- The in-house casino tables (issue 22, docs/casino.md): a table per game of the engine's registry
-- (a match of sport -1), its rounds and their bets; a round's bets are on a markets row of the
-- new kind CASINO. The casino catalog gets its in-house series (Our Casino, Our Virtual); the old
-- 'matka' row had no game behind it and goes (docs/decisions.md).
CREATE TABLE "casino_tables" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"min_stake_paise" bigint NOT NULL,
	"max_per_option_paise" bigint NOT NULL,
	"max_per_round_paise" bigint NOT NULL,
	CONSTRAINT "casino_tables_limits_check" CHECK ("casino_tables"."min_stake_paise" > 0 and "casino_tables"."max_per_option_paise" >= "casino_tables"."min_stake_paise" and "casino_tables"."max_per_round_paise" >= "casino_tables"."max_per_option_paise")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "casino_tables_game_key" ON "casino_tables" USING btree ("game_id");--> statement-breakpoint
CREATE TABLE "casino_rounds" (
	"round_id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"state" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"options" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"result" jsonb,
	"opened_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"void_reason" text,
	"dealt_before_void" boolean DEFAULT false NOT NULL,
	"generation" integer NOT NULL,
	CONSTRAINT "casino_rounds_state_check" CHECK ("casino_rounds"."state" in ('BETTING', 'CLOSED', 'DEALING', 'RESULT', 'VOID')),
	CONSTRAINT "casino_rounds_void_check" CHECK (("casino_rounds"."state" = 'VOID') = ("casino_rounds"."void_reason" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "casino_rounds_market_key" ON "casino_rounds" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "casino_rounds_match_idx" ON "casino_rounds" USING btree ("match_id","round_id");--> statement-breakpoint
CREATE INDEX "casino_rounds_unfinished_idx" ON "casino_rounds" USING btree ("match_id") WHERE "casino_rounds"."state" in ('BETTING', 'CLOSED', 'DEALING');--> statement-breakpoint
CREATE INDEX "casino_rounds_finished_idx" ON "casino_rounds" USING btree ("match_id","finished_at");--> statement-breakpoint
CREATE TABLE "casino_bets" (
	"bet_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"option_id" text NOT NULL,
	"option_label" text NOT NULL,
	"payout" integer NOT NULL,
	"stake_paise" bigint NOT NULL,
	"request_id" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_status" text,
	"result" text,
	"profit_loss_paise" bigint,
	"settled_at" timestamp with time zone,
	CONSTRAINT "casino_bets_stake_check" CHECK ("casino_bets"."stake_paise" > 0),
	CONSTRAINT "casino_bets_payout_check" CHECK ("casino_bets"."payout" > 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "casino_bets_user_request_key" ON "casino_bets" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "casino_bets_market_user_idx" ON "casino_bets" USING btree ("market_id","user_id");--> statement-breakpoint
CREATE INDEX "casino_bets_user_round_idx" ON "casino_bets" USING btree ("user_id","round_id");--> statement-breakpoint
CREATE INDEX "casino_bets_user_settled_idx" ON "casino_bets" USING btree ("user_id","settled_at");--> statement-breakpoint
ALTER TABLE "casino_tables" ADD CONSTRAINT "casino_tables_match_id_matches_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_match_id_casino_tables_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."casino_tables"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_bets" ADD CONSTRAINT "casino_bets_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_bets" ADD CONSTRAINT "casino_bets_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_bets" ADD CONSTRAINT "casino_bets_round_id_casino_rounds_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."casino_rounds"("round_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" DROP CONSTRAINT "markets_kind_check";--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_kind_check" CHECK ("markets"."market_kind" in ('EXCHANGE', 'BOOKMAKER', 'FANCY', 'CASINO'));--> statement-breakpoint
DELETE FROM "casino_sports" WHERE "sport_id" = 'matka';--> statement-breakpoint
INSERT INTO "casino_sports" ("sport_id", "name", "category", "is_active", "sort_order") VALUES
	('ourcasino', 'Our Casino', 'indian', true, 1),
	('virtual', 'Our Virtual', 'indian', true, 2)
	ON CONFLICT ("sport_id") DO NOTHING;--> statement-breakpoint
UPDATE "casino_sports" SET "sort_order" = 3 WHERE "sport_id" = 'worldcasino';
