-- Provider sessions are sessions (issue 40, docs/providers.md): a launch token and the game
-- session it is exchanged for carry the site session they were launched from and the user's
-- session generation then; every wallet call compares them with the user's current generation
-- and the site session's state in its own transaction. Tokens and sessions issued before this
-- migration have neither: they end here (a game open at the upgrade is launched again; its
-- rounds' credits and rollbacks are still taken, they need no session).
DELETE FROM "provider_sessions";
--> statement-breakpoint
DELETE FROM "provider_launch_tokens";
--> statement-breakpoint
ALTER TABLE "provider_launch_tokens" ADD COLUMN "site_session_id" bigint NOT NULL;
--> statement-breakpoint
ALTER TABLE "provider_launch_tokens" ADD COLUMN "generation" integer NOT NULL;
--> statement-breakpoint
ALTER TABLE "provider_sessions" ADD COLUMN "site_session_id" bigint NOT NULL;
--> statement-breakpoint
ALTER TABLE "provider_sessions" ADD COLUMN "generation" integer NOT NULL;
--> statement-breakpoint
CREATE INDEX "provider_launch_tokens_user_idx" ON "provider_launch_tokens" USING btree ("user_id","created_at");
