CREATE TABLE "bookmaker_bets" (
	"bet_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"selection_id" integer NOT NULL,
	"is_back" boolean NOT NULL,
	"rate" integer NOT NULL,
	"stake_paise" bigint NOT NULL,
	"request_id" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_status" text,
	"result" text,
	"profit_loss_paise" bigint,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bookmaker_bets_rate_check" CHECK ("bookmaker_bets"."rate" > 0),
	CONSTRAINT "bookmaker_bets_stake_check" CHECK ("bookmaker_bets"."stake_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "bookmaker_markets" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bookmaker_markets_status_check" CHECK ("bookmaker_markets"."status" in ('ACTIVE', 'BALL_RUNNING', 'SUSPENDED', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "bookmaker_quotes" (
	"selection_id" integer PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"back_rate" integer,
	"lay_rate" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bookmaker_quotes_rates_check" CHECK (coalesce("bookmaker_quotes"."back_rate", 1) > 0 and coalesce("bookmaker_quotes"."lay_rate", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "cricket_matches" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"competition" text NOT NULL,
	"team_a" text NOT NULL,
	"team_b" text NOT NULL,
	"score" jsonb,
	"score_updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fancies" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"variant" text NOT NULL,
	"status" text NOT NULL,
	"no_line" integer,
	"no_rate" integer,
	"yes_line" integer,
	"yes_rate" integer,
	"band" integer,
	"max_user_stake_paise" bigint NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"result_max" integer DEFAULT 999 NOT NULL,
	"event" jsonb NOT NULL,
	"event_kind" text DEFAULT 'SESSION' NOT NULL,
	"average_key" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fancies_status_check" CHECK ("fancies"."status" in ('ACTIVE', 'BALL_RUNNING', 'SUSPENDED', 'CLOSED', 'REMOVED')),
	CONSTRAINT "fancies_rates_check" CHECK (coalesce("fancies"."no_rate", 1) > 0 and coalesce("fancies"."yes_rate", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "fancy_averages" (
	"competition" text NOT NULL,
	"average_key" text NOT NULL,
	"value" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fancy_bets" (
	"bet_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"is_yes" boolean NOT NULL,
	"line" integer NOT NULL,
	"line_to" integer,
	"rate" integer NOT NULL,
	"stake_paise" bigint NOT NULL,
	"request_id" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_status" text,
	"result" text,
	"profit_loss_paise" bigint,
	"settled_at" timestamp with time zone,
	CONSTRAINT "fancy_bets_rate_check" CHECK ("fancy_bets"."rate" > 0),
	CONSTRAINT "fancy_bets_stake_check" CHECK ("fancy_bets"."stake_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "market_exposures" RENAME TO "exposure_holds";--> statement-breakpoint
ALTER TABLE "exposure_holds" DROP CONSTRAINT "market_exposures_nonneg";--> statement-breakpoint
ALTER TABLE "exposure_holds" DROP CONSTRAINT "market_exposures_user_id_users_user_id_fk";
--> statement-breakpoint
ALTER TABLE "exposure_holds" DROP CONSTRAINT "market_exposures_market_id_markets_market_id_fk";
--> statement-breakpoint
DROP INDEX "market_exposures_pk";--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "market_kind" text DEFAULT 'MATCH_ODDS' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookmaker_bets" ADD CONSTRAINT "bookmaker_bets_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmaker_bets" ADD CONSTRAINT "bookmaker_bets_match_id_matches_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmaker_bets" ADD CONSTRAINT "bookmaker_bets_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmaker_bets" ADD CONSTRAINT "bookmaker_bets_selection_id_runners_selection_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."runners"("selection_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmaker_markets" ADD CONSTRAINT "bookmaker_markets_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmaker_quotes" ADD CONSTRAINT "bookmaker_quotes_selection_id_runners_selection_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."runners"("selection_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmaker_quotes" ADD CONSTRAINT "bookmaker_quotes_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cricket_matches" ADD CONSTRAINT "cricket_matches_match_id_matches_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fancies" ADD CONSTRAINT "fancies_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fancies" ADD CONSTRAINT "fancies_match_id_matches_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fancy_bets" ADD CONSTRAINT "fancy_bets_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fancy_bets" ADD CONSTRAINT "fancy_bets_match_id_matches_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fancy_bets" ADD CONSTRAINT "fancy_bets_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookmaker_bets_user_request_key" ON "bookmaker_bets" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "bookmaker_bets_market_user_idx" ON "bookmaker_bets" USING btree ("market_id","user_id");--> statement-breakpoint
CREATE INDEX "bookmaker_bets_user_match_idx" ON "bookmaker_bets" USING btree ("user_id","match_id");--> statement-breakpoint
CREATE INDEX "bookmaker_quotes_market_idx" ON "bookmaker_quotes" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "fancies_match_idx" ON "fancies" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fancy_averages_pk" ON "fancy_averages" USING btree ("competition","average_key");--> statement-breakpoint
CREATE UNIQUE INDEX "fancy_bets_user_request_key" ON "fancy_bets" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "fancy_bets_market_user_idx" ON "fancy_bets" USING btree ("market_id","user_id");--> statement-breakpoint
CREATE INDEX "fancy_bets_user_match_idx" ON "fancy_bets" USING btree ("user_id","match_id");--> statement-breakpoint
ALTER TABLE "exposure_holds" ADD CONSTRAINT "exposure_holds_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exposure_holds" ADD CONSTRAINT "exposure_holds_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exposure_holds_pk" ON "exposure_holds" USING btree ("user_id","market_id");--> statement-breakpoint
CREATE INDEX "exposure_holds_market_idx" ON "exposure_holds" USING btree ("market_id");--> statement-breakpoint
ALTER TABLE "exposure_holds" ADD CONSTRAINT "exposure_holds_nonneg" CHECK ("exposure_holds"."exposure_paise" >= 0);--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_kind_check" CHECK ("markets"."market_kind" in ('MATCH_ODDS', 'BOOKMAKER', 'FANCY'));