-- Fantasy cricket contests (issue 25, docs/fantasy.md): contests per cricket match, the bettors'
-- teams, their entries (fee, points, prize) and each match's player points from the feed.
CREATE TABLE "fantasy_contests" (
	"contest_id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL REFERENCES "matches"("match_id"),
	"name" text NOT NULL,
	"entry_fee_paise" integer NOT NULL,
	"size" integer NOT NULL,
	"min_entries" integer NOT NULL,
	"rake_bp" integer NOT NULL,
	"shares_bp" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"refund_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "fantasy_contests_state_check" CHECK ("fantasy_contests"."state" in ('OPEN', 'LIVE', 'SETTLED', 'REFUNDED')),
	CONSTRAINT "fantasy_contests_numbers_check" CHECK ("fantasy_contests"."entry_fee_paise" > 0 and "fantasy_contests"."min_entries" >= 2 and "fantasy_contests"."size" >= "fantasy_contests"."min_entries" and "fantasy_contests"."size" <= 10000 and "fantasy_contests"."rake_bp" between 0 and 9999)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fantasy_contests_match_name_key" ON "fantasy_contests" USING btree ("match_id","name");--> statement-breakpoint
CREATE INDEX "fantasy_contests_state_idx" ON "fantasy_contests" USING btree ("state","starts_at");--> statement-breakpoint
CREATE TABLE "fantasy_teams" (
	"team_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"match_id" integer NOT NULL REFERENCES "matches"("match_id"),
	"name" text NOT NULL,
	"player_ids" jsonb NOT NULL,
	"captain_id" integer NOT NULL,
	"vice_captain_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fantasy_teams_user_match_name_key" ON "fantasy_teams" USING btree ("user_id","match_id","name");--> statement-breakpoint
CREATE TABLE "fantasy_entries" (
	"entry_id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL REFERENCES "fantasy_contests"("contest_id"),
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"team_id" integer NOT NULL REFERENCES "fantasy_teams"("team_id"),
	"request_id" text NOT NULL,
	"points_halves" integer DEFAULT 0 NOT NULL,
	"rank" integer,
	"prize_paise" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fantasy_entries_contest_team_key" ON "fantasy_entries" USING btree ("contest_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fantasy_entries_user_request_key" ON "fantasy_entries" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "fantasy_entries_user_idx" ON "fantasy_entries" USING btree ("user_id","entry_id");--> statement-breakpoint
CREATE TABLE "fantasy_match_points" (
	"match_id" integer PRIMARY KEY NOT NULL REFERENCES "matches"("match_id"),
	"seq" integer NOT NULL,
	"points" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
