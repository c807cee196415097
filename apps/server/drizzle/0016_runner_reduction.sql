-- Horse racing non-runners (docs/settlement.md "Non-runners"): a runner removed by the operator
-- carries its reduction factor, basis points (2500 = 25 %), on its SELECTION void. A plain runner
-- void is a removal with 0. Only a runner's void carries one.
ALTER TABLE "market_voids" ADD COLUMN "reduction_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The market's version the removal moved it to: a bet sent on an older version is told a runner
-- was removed (null for voids recorded before this migration, and for other voids).
ALTER TABLE "market_voids" ADD COLUMN "market_version" integer;--> statement-breakpoint
ALTER TABLE "market_voids" ADD CONSTRAINT "market_voids_reduction_check" CHECK ("market_voids"."reduction_bp" between 0 and 10000 and ("market_voids"."reduction_bp" = 0 or "market_voids"."kind" = 'SELECTION'));
