-- Limits an upline sets on an account of its downline, per sport (issue 41, docs/hierarchy.md
-- "Limits down the tree"): the largest stake of one bet and the largest exposure on the sport's
-- markets together. The stake gate keeps each bettor to the smallest over itself and its uplines.
CREATE TABLE IF NOT EXISTS "downline_limits" (
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"sport_id" integer NOT NULL REFERENCES "sports"("sport_id"),
	"max_stake_paise" bigint,
	"max_exposure_paise" bigint,
	"set_by" integer NOT NULL REFERENCES "users"("user_id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "downline_limits_pk" PRIMARY KEY ("user_id", "sport_id"),
	CONSTRAINT "downline_limits_stake_check" CHECK ("max_stake_paise" is null or "max_stake_paise" > 0),
	CONSTRAINT "downline_limits_exposure_check" CHECK ("max_exposure_paise" is null or "max_exposure_paise" > 0)
);
