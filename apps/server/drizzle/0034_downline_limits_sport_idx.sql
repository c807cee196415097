-- The stake gate asks, per sport, whether any account has a limit on it before it walks the tree
-- (wallet/stake-gate.ts sportLimitedSql): an index on the sport answers it without a scan.
CREATE INDEX IF NOT EXISTS "downline_limits_sport_idx" ON "downline_limits" ("sport_id");
