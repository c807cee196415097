-- The operator's words on a void (issue 47): shown to the bettor beside "Void" on the match page,
-- My Bets and the reports. Null when none was given; a whole market's void keeps its own on the
-- settlement row, a runner's, a window's or a bet's on its market_voids row.
ALTER TABLE "market_voids" ADD COLUMN IF NOT EXISTS "reason" text;--> statement-breakpoint
ALTER TABLE "market_settlements" ADD COLUMN IF NOT EXISTS "void_reason" text;
