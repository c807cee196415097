-- Masters and agents (issue 41, docs/hierarchy.md): two roles between the operator and the
-- bettors, a share of the result under each (stored in basis points; applied in a later step) and
-- the credit reference a parent sets per child (what it lent, shown beside the balance). The tree
-- is users.parent_id; its walks (the subtree of a console account) read this index.
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('operator', 'master', 'agent', 'bettor'));
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "share_bp" integer;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_share_bp_check" CHECK ("users"."share_bp" is null or "users"."share_bp" between 0 and 10000);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credit_reference_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credit_reference_check" CHECK ("users"."credit_reference_paise" >= 0);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_parent_idx" ON "users" ("parent_id");
