-- A market's outcome space (issue 40): how many of its runners win. 1 for one winner of n; a race's
-- place market pays its places (any k of n placed), and exposure, holds and the bet check take the
-- worst set of placed runners. Existing place markets take their race's places.
ALTER TABLE "markets" ADD COLUMN "winners" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_winners_check" CHECK ("markets"."winners" between 1 and 16);
--> statement-breakpoint
UPDATE "markets" SET "winners" = "races"."places_paid" FROM "races" WHERE "races"."place_market_id" = "markets"."market_id";
