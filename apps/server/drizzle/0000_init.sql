CREATE TABLE "button_values" (
	"button_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"sort_order" integer NOT NULL,
	"button_name" text NOT NULL,
	"stake_paise" bigint NOT NULL,
	CONSTRAINT "button_values_stake_check" CHECK ("button_values"."stake_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "casino_sports" (
	"sport_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "casino_sports_category_check" CHECK ("casino_sports"."category" in ('indian', 'world'))
);
--> statement-breakpoint
CREATE TABLE "cups" (
	"cup_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sport_id" integer NOT NULL,
	"series_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"site_message" text DEFAULT '' NOT NULL,
	"payment_gateway" boolean DEFAULT false NOT NULL,
	"is_show_apk" boolean DEFAULT false NOT NULL,
	"welcome_banner" text DEFAULT '' NOT NULL,
	"site_title" text DEFAULT 'Backlay' NOT NULL,
	"favicon" text DEFAULT '' NOT NULL,
	"bg_primary_color" text DEFAULT '#0b3d2e' NOT NULL,
	"bg_secondry_color" text DEFAULT '#145c43' NOT NULL,
	"text_primary_color" text DEFAULT '#ffffff' NOT NULL,
	"text_secondry_color" text DEFAULT '#f5c518' NOT NULL,
	"other_color" text DEFAULT '#72bbef' NOT NULL,
	"fb_link" text DEFAULT '' NOT NULL,
	"insta_link" text DEFAULT '' NOT NULL,
	"telegram_link" text DEFAULT '' NOT NULL,
	"twiter_link" text DEFAULT '' NOT NULL,
	"whatsapp_link" text DEFAULT '' NOT NULL,
	CONSTRAINT "global_settings_single_row" CHECK ("global_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"account_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"code" text,
	"balance_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'user_cash' and "ledger_accounts"."user_id" is not null) or ("ledger_accounts"."kind" = 'house' and "ledger_accounts"."code" is not null))
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"market_id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"market_name" text NOT NULL,
	"market_type" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"in_play" boolean DEFAULT false NOT NULL,
	"bet_delay_s" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"min_stake_paise" bigint DEFAULT 10000 NOT NULL,
	"max_stake_paise" bigint DEFAULT 50000000 NOT NULL,
	"commission_bps" integer DEFAULT 200 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	CONSTRAINT "markets_status_check" CHECK ("markets"."status" in ('OPEN', 'SUSPENDED', 'CLOSED', 'INACTIVE')),
	CONSTRAINT "markets_stakes_check" CHECK ("markets"."min_stake_paise" > 0 and "markets"."max_stake_paise" >= "markets"."min_stake_paise"),
	CONSTRAINT "markets_commission_check" CHECK ("markets"."commission_bps" between 0 and 10000),
	CONSTRAINT "markets_bet_delay_check" CHECK ("markets"."bet_delay_s" >= 0)
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"match_id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"match_name" text NOT NULL,
	"country" text,
	"venue" text,
	"start_time" timestamp with time zone NOT NULL,
	"open_date" timestamp with time zone NOT NULL,
	"in_play" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runners" (
	"selection_id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "runners_status_check" CHECK ("runners"."status" in ('ACTIVE', 'WINNER', 'LOSER', 'REMOVED'))
);
--> statement-breakpoint
CREATE TABLE "series" (
	"series_id" serial PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"session_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "sports" (
	"sport_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_racing" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"transfer_id" bigserial PRIMARY KEY NOT NULL,
	"debit_account_id" integer NOT NULL,
	"credit_account_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_amount_positive" CHECK ("transfers"."amount_paise" > 0),
	CONSTRAINT "transfers_distinct_accounts" CHECK ("transfers"."debit_account_id" <> "transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'bettor' NOT NULL,
	"parent_id" integer,
	"is_change_password" boolean DEFAULT false NOT NULL,
	"is_signup_user" boolean DEFAULT false NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"failed_login_window_start" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('bettor', 'operator'))
);
--> statement-breakpoint
ALTER TABLE "button_values" ADD CONSTRAINT "button_values_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cups" ADD CONSTRAINT "cups_sport_id_sports_sport_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("sport_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cups" ADD CONSTRAINT "cups_series_id_series_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("series_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_match_id_matches_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_series_id_series_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("series_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_sport_id_sports_sport_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("sport_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runners" ADD CONSTRAINT "runners_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_sport_id_sports_sport_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("sport_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_debit_account_id_ledger_accounts_account_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_credit_account_id_ledger_accounts_account_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "button_values_user_type_order_key" ON "button_values" USING btree ("user_id","type","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_kind_key" ON "ledger_accounts" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "markets_match_idx" ON "markets" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "matches_series_idx" ON "matches" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "matches_sport_start_idx" ON "matches" USING btree ("sport_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "runners_market_order_key" ON "runners" USING btree ("market_id","sort_order");--> statement-breakpoint
CREATE INDEX "series_sport_idx" ON "series" USING btree ("sport_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_idempotency_key_key" ON "transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "transfers_debit_idx" ON "transfers" USING btree ("debit_account_id");--> statement-breakpoint
CREATE INDEX "transfers_credit_idx" ON "transfers" USING btree ("credit_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_key" ON "users" USING btree (lower("user_name"));