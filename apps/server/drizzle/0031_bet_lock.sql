-- Betting locked by an upline (issue 41, docs/hierarchy.md): the account that locked it. The stake
-- gate refuses every stake of a locked account and of every account below it.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "bet_locked_by" integer REFERENCES "users"("user_id");
