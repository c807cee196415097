-- Players in the cricket feed (issue 25, docs/cricket-feed.md): each demo team's squad, a match's
-- two playing elevens (batting order, keeper, bowling options) and every delivery as bowled.
CREATE TABLE "cricket_players" (
	"player_id" serial PRIMARY KEY NOT NULL,
	"team" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"batting" integer NOT NULL,
	"bowling" integer NOT NULL,
	"strength" integer NOT NULL,
	"squad_order" integer NOT NULL,
	CONSTRAINT "cricket_players_role_check" CHECK ("cricket_players"."role" in ('BATTER', 'BOWLER', 'ALL_ROUNDER', 'WICKET_KEEPER')),
	CONSTRAINT "cricket_players_strength_check" CHECK ("cricket_players"."batting" between 0 and 100 and "cricket_players"."bowling" between 0 and 100 and "cricket_players"."strength" between 0 and 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cricket_players_team_name_key" ON "cricket_players" USING btree ("team","name");--> statement-breakpoint
CREATE TABLE "cricket_elevens" (
	"match_id" integer NOT NULL REFERENCES "matches"("match_id"),
	"team" integer NOT NULL,
	"position" integer NOT NULL,
	"player_id" integer NOT NULL REFERENCES "cricket_players"("player_id"),
	"is_keeper" boolean DEFAULT false NOT NULL,
	"bowling_order" integer,
	CONSTRAINT "cricket_elevens_match_id_team_position_pk" PRIMARY KEY("match_id","team","position"),
	CONSTRAINT "cricket_elevens_team_check" CHECK ("cricket_elevens"."team" in (0, 1)),
	CONSTRAINT "cricket_elevens_position_check" CHECK ("cricket_elevens"."position" between 1 and 11)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cricket_elevens_player_key" ON "cricket_elevens" USING btree ("match_id","player_id");--> statement-breakpoint
CREATE TABLE "cricket_balls" (
	"match_id" integer NOT NULL REFERENCES "matches"("match_id"),
	"innings" integer NOT NULL,
	"seq" integer NOT NULL,
	"striker_id" integer NOT NULL,
	"bowler_id" integer NOT NULL,
	"event" jsonb NOT NULL,
	CONSTRAINT "cricket_balls_match_id_innings_seq_pk" PRIMARY KEY("match_id","innings","seq")
);
--> statement-breakpoint
CREATE INDEX "cricket_balls_striker_idx" ON "cricket_balls" USING btree ("match_id","striker_id");
