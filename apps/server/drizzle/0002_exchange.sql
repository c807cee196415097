CREATE TABLE "bets" (
	"bet_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"selection_id" integer NOT NULL,
	"side" text NOT NULL,
	"price" integer NOT NULL,
	"size_paise" bigint NOT NULL,
	"matched_paise" bigint DEFAULT 0 NOT NULL,
	"remaining_paise" bigint NOT NULL,
	"cancelled_paise" bigint DEFAULT 0 NOT NULL,
	"matched_value" bigint DEFAULT 0 NOT NULL,
	"placed_matched_paise" bigint DEFAULT 0 NOT NULL,
	"placed_matched_value" bigint DEFAULT 0 NOT NULL,
	"persistence" text DEFAULT 'LAPSE' NOT NULL,
	"end_reason" text,
	"settled_status" text,
	"seq" bigint NOT NULL,
	"request_id" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bets_side_check" CHECK ("bets"."side" in ('BACK', 'LAY')),
	CONSTRAINT "bets_price_check" CHECK ("bets"."price" between 101 and 100000),
	CONSTRAINT "bets_amounts_check" CHECK ("bets"."size_paise" > 0 and "bets"."matched_paise" >= 0 and "bets"."remaining_paise" >= 0 and "bets"."cancelled_paise" >= 0 and "bets"."matched_paise" + "bets"."remaining_paise" + "bets"."cancelled_paise" = "bets"."size_paise")
);
--> statement-breakpoint
CREATE TABLE "fills" (
	"fill_id" bigserial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"selection_id" integer NOT NULL,
	"price" integer NOT NULL,
	"size_paise" bigint NOT NULL,
	"back_bet_id" bigint NOT NULL,
	"lay_bet_id" bigint NOT NULL,
	"back_user_id" integer NOT NULL,
	"lay_user_id" integer NOT NULL,
	"taker_bet_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fills_size_check" CHECK ("fills"."size_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "market_exposures" (
	"user_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"exposure_paise" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_exposures_nonneg" CHECK ("market_exposures"."exposure_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "next_seq" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "runners" ADD COLUMN "traded_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_match_id_matches_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_selection_id_runners_selection_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."runners"("selection_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_back_bet_id_bets_bet_id_fk" FOREIGN KEY ("back_bet_id") REFERENCES "public"."bets"("bet_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_lay_bet_id_bets_bet_id_fk" FOREIGN KEY ("lay_bet_id") REFERENCES "public"."bets"("bet_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_exposures" ADD CONSTRAINT "market_exposures_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_exposures" ADD CONSTRAINT "market_exposures_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bets_user_request_key" ON "bets" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bets_market_seq_key" ON "bets" USING btree ("market_id","seq");--> statement-breakpoint
CREATE INDEX "bets_resting_idx" ON "bets" USING btree ("market_id") WHERE "bets"."remaining_paise" > 0;--> statement-breakpoint
CREATE INDEX "bets_user_placed_idx" ON "bets" USING btree ("user_id","placed_at");--> statement-breakpoint
CREATE INDEX "bets_user_match_idx" ON "bets" USING btree ("user_id","match_id");--> statement-breakpoint
CREATE INDEX "fills_market_back_user_idx" ON "fills" USING btree ("market_id","back_user_id");--> statement-breakpoint
CREATE INDEX "fills_market_lay_user_idx" ON "fills" USING btree ("market_id","lay_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_exposures_pk" ON "market_exposures" USING btree ("user_id","market_id");