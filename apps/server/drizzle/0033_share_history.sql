-- A master's or an agent's share changed after its creation applies to bets placed after the
-- change (issue 41, docs/hierarchy.md "Changing a share"): each share's history, and the moment a
-- bettor first staked on a market (its hold's first write), which the settlement's chain is read at.
CREATE TABLE IF NOT EXISTS "share_history" (
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"share_bp" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"set_by" integer REFERENCES "users"("user_id"),
	CONSTRAINT "share_history_pk" PRIMARY KEY ("user_id", "from_at"),
	CONSTRAINT "share_history_share_check" CHECK ("share_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "exposure_holds" ADD COLUMN IF NOT EXISTS "first_at" timestamp with time zone DEFAULT now() NOT NULL;
