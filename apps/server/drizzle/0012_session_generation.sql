-- One generation per user, bumped by lock, unlock, password change or reset, time-out and
-- self-exclusion; sessions and login challenges carry the one they began under (docs/security.md).
ALTER TABLE "users" ADD COLUMN "session_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;
