-- Issue 40: a binary session's market status is the operator's (OPEN or SUSPENDED by
-- admin/market/status); its line's ACTIVE/SUSPENDED lives in binary_sessions.line_status. Before,
-- the feed wrote the line's state into the market row (and so reopened a market the operator had
-- suspended at the next line move): a live session's market it had suspended opens here, and its
-- line keeps refusing bets for as long as the line is suspended.
UPDATE "markets" SET "status" = 'OPEN', "version" = "markets"."version" + 1
  FROM "binary_sessions"
  WHERE "binary_sessions"."market_id" = "markets"."market_id"
    AND "binary_sessions"."state" = 'LIVE'
    AND "markets"."status" = 'SUSPENDED';
