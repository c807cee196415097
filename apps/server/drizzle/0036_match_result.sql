-- A finished event's result as the bettor reads it ("India won by 6 wickets", "Winner: Red Rum"),
-- shown in place of In Play on the lists and the match page (issue 47). Null while it is not over.
ALTER TABLE "matches" ADD COLUMN IF NOT EXISTS "result_text" text;
