-- Horse and greyhound racing (docs/racing.md): a race per racing match, with its card's
-- conditions, its day's state and its WIN and PLACE exchange markets, and the card's runners with
-- their selections in both markets and, once withdrawn, their reduction factors.
CREATE TABLE "races" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"distance" text NOT NULL,
	"going" text NOT NULL,
	"surface" text NOT NULL,
	"places_paid" integer NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"void_reason" text,
	"result" jsonb,
	"win_market_id" integer NOT NULL,
	"place_market_id" integer,
	"off_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"resulted_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "races_state_check" CHECK ("races"."state" in ('OPEN', 'OFF', 'FINISHED', 'RESULTED', 'VOID')),
	CONSTRAINT "races_void_reason_check" CHECK (("races"."state" = 'VOID') = ("races"."void_reason" is not null) and ("races"."void_reason" is null or "races"."void_reason" in ('ABANDONED', 'WALKOVER', 'VENUE_CHANGED', 'NOT_RUN_ON_DAY'))),
	CONSTRAINT "races_places_paid_check" CHECK ("races"."places_paid" between 1 and 4),
	CONSTRAINT "races_place_market_check" CHECK (("races"."places_paid" > 1) = ("races"."place_market_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "race_runners" (
	"match_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"colours" jsonb NOT NULL,
	"jockey" text,
	"trainer" text NOT NULL,
	"weight" text,
	"draw" integer,
	"form" text NOT NULL,
	"age" integer,
	"win_selection_id" integer NOT NULL,
	"place_selection_id" integer,
	"non_runner" boolean DEFAULT false NOT NULL,
	"win_rf_bp" integer,
	"place_rf_bp" integer,
	"removed_at" timestamp with time zone,
	CONSTRAINT "race_runners_match_id_number_pk" PRIMARY KEY("match_id","number"),
	CONSTRAINT "race_runners_number_check" CHECK ("race_runners"."number" between 1 and 40),
	CONSTRAINT "race_runners_rf_check" CHECK ("race_runners"."non_runner" = ("race_runners"."win_rf_bp" is not null) and coalesce("race_runners"."win_rf_bp", 0) between 0 and 10000 and coalesce("race_runners"."place_rf_bp", 0) between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_match_id_matches_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_win_market_id_markets_market_id_fk" FOREIGN KEY ("win_market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_place_market_id_markets_market_id_fk" FOREIGN KEY ("place_market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_runners" ADD CONSTRAINT "race_runners_match_id_races_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."races"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_runners" ADD CONSTRAINT "race_runners_win_selection_id_runners_selection_id_fk" FOREIGN KEY ("win_selection_id") REFERENCES "public"."runners"("selection_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_runners" ADD CONSTRAINT "race_runners_place_selection_id_runners_selection_id_fk" FOREIGN KEY ("place_selection_id") REFERENCES "public"."runners"("selection_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "races_sport_idx" ON "races" USING btree ("sport_id");
