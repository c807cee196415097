-- Issue 46: a bettor's API keys for programs (modules/api-keys). The secret's SHA-256 only; each
-- key acts through a session of its own (session_id), issued by the session gate.
CREATE TABLE "api_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"ip_allow" text[],
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"session_id" bigint NOT NULL,
	CONSTRAINT "api_keys_scopes_check" CHECK (cardinality("api_keys"."scopes") between 1 and 2 and "api_keys"."scopes" <@ array['read', 'trade']::text[])
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_id_idx" ON "api_keys" USING btree ("user_id");
