-- Game providers (issue 23, docs/providers.md): the configured providers and the operator's switch,
-- their games synced from the provider, one-time launch tokens and game sessions (hashes only),
-- each provider round per player, and every wallet call (debit, credit, rollback) with its answer.
CREATE TABLE "game_providers" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"synced_at" timestamp with time zone,
	"sync_error" text
);
--> statement-breakpoint
CREATE TABLE "provider_games" (
	"game_id" serial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL REFERENCES "game_providers"("provider_id"),
	"provider_game_id" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"thumbnail_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "provider_games_category_check" CHECK ("provider_games"."category" in ('LIVE', 'SLOTS', 'TABLE', 'CRASH', 'INSTANT', 'OTHER'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_games_provider_game_key" ON "provider_games" USING btree ("provider_id","provider_game_id");--> statement-breakpoint
CREATE INDEX "provider_games_lobby_idx" ON "provider_games" USING btree ("category","name");--> statement-breakpoint
CREATE TABLE "provider_launch_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"game_id" integer NOT NULL REFERENCES "provider_games"("game_id"),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "provider_launch_tokens_expiry_idx" ON "provider_launch_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "provider_sessions" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"game_id" integer NOT NULL REFERENCES "provider_games"("game_id"),
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "provider_sessions_user_idx" ON "provider_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "provider_sessions_seen_idx" ON "provider_sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE TABLE "provider_rounds" (
	"round_key" bigserial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL REFERENCES "game_providers"("provider_id"),
	"round_id" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"game_id" integer REFERENCES "provider_games"("game_id"),
	"provider_game_id" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"stake_paise" bigint DEFAULT 0 NOT NULL,
	"win_paise" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "provider_rounds_status_check" CHECK ("provider_rounds"."status" in ('OPEN', 'CLOSED', 'CANCELLED')),
	CONSTRAINT "provider_rounds_money_check" CHECK ("provider_rounds"."stake_paise" >= 0 and "provider_rounds"."win_paise" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_rounds_round_key" ON "provider_rounds" USING btree ("provider_id","round_id","user_id");--> statement-breakpoint
CREATE INDEX "provider_rounds_user_idx" ON "provider_rounds" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "provider_rounds_provider_idx" ON "provider_rounds" USING btree ("provider_id","started_at");--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"provider_id" text NOT NULL REFERENCES "game_providers"("provider_id"),
	"transaction_id" text NOT NULL,
	"type" text NOT NULL,
	"player_id" text NOT NULL,
	"user_id" integer REFERENCES "users"("user_id"),
	"round_id" text NOT NULL,
	"round_key" bigint REFERENCES "provider_rounds"("round_key"),
	"provider_game_id" text NOT NULL,
	"reference_id" text,
	"amount_paise" bigint NOT NULL,
	"moved_paise" bigint DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"rolled_back_by" text,
	"transfer_id" bigint,
	"fingerprint" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_transactions_provider_id_transaction_id_pk" PRIMARY KEY("provider_id","transaction_id"),
	CONSTRAINT "provider_transactions_type_check" CHECK ("provider_transactions"."type" in ('DEBIT', 'CREDIT', 'ROLLBACK')),
	CONSTRAINT "provider_transactions_money_check" CHECK ("provider_transactions"."amount_paise" >= 0 and "provider_transactions"."moved_paise" >= 0 and "provider_transactions"."moved_paise" <= "provider_transactions"."amount_paise")
);
--> statement-breakpoint
CREATE INDEX "provider_transactions_reference_idx" ON "provider_transactions" USING btree ("provider_id","reference_id");--> statement-breakpoint
CREATE INDEX "provider_transactions_round_idx" ON "provider_transactions" USING btree ("round_key");--> statement-breakpoint
CREATE INDEX "provider_transactions_day_idx" ON "provider_transactions" USING btree ("provider_id","created_at");
