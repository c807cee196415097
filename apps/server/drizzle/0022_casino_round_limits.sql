-- Casino table limits fixed per round (issue 22): the operator changes a table's limits
-- (admin/casino/setLimits) and they take effect from the next round; the round in its window keeps
-- the limits it opened with, and its bets are judged by them. Rounds opened before this migration
-- take their table's limits of now.
ALTER TABLE "casino_rounds" ADD COLUMN "min_stake_paise" bigint;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD COLUMN "max_per_option_paise" bigint;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD COLUMN "max_per_round_paise" bigint;--> statement-breakpoint
UPDATE "casino_rounds" r SET "min_stake_paise" = t."min_stake_paise", "max_per_option_paise" = t."max_per_option_paise", "max_per_round_paise" = t."max_per_round_paise" FROM "casino_tables" t WHERE t."match_id" = r."match_id";--> statement-breakpoint
ALTER TABLE "casino_rounds" ALTER COLUMN "min_stake_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "casino_rounds" ALTER COLUMN "max_per_option_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "casino_rounds" ALTER COLUMN "max_per_round_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_limits_check" CHECK ("min_stake_paise" > 0 and "max_per_option_paise" >= "min_stake_paise" and "max_per_round_paise" >= "max_per_option_paise");
