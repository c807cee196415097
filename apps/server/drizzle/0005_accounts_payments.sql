CREATE TABLE "bank_accounts" (
	"bank_account_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"bank_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" bigint,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_challenges" (
	"challenge_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	CONSTRAINT "login_challenges_purpose_check" CHECK ("login_challenges"."purpose" in ('otp', 'totp'))
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"otp_id" bigserial PRIMARY KEY NOT NULL,
	"challenge_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"message_id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"sender" text,
	"provider_id" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('PENDING', 'SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"method_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"details" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_methods_kind_check" CHECK ("payment_methods"."kind" in ('BANK', 'UPI'))
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"payment_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"method_id" integer,
	"bank_account_id" integer,
	"method_label" text NOT NULL,
	"reference" text,
	"reference_key" text,
	"request_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_via" text,
	"decided_at" timestamp with time zone,
	"payout_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_requests_amount_check" CHECK ("payment_requests"."amount_paise" > 0),
	CONSTRAINT "payment_requests_type_check" CHECK ("payment_requests"."type" in ('DEPOSIT', 'WITHDRAW')),
	CONSTRAINT "payment_requests_status_check" CHECK ("payment_requests"."status" in ('PENDING', 'APPROVED', 'PAID', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"code_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount_paise" bigint,
	"pending_amount_paise" bigint,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rg_limits_kind_check" CHECK ("rg_limits"."kind" in ('DEPOSIT', 'LOSS')),
	CONSTRAINT "rg_limits_period_check" CHECK ("rg_limits"."period" in ('DAY', 'WEEK', 'MONTH'))
);
--> statement-breakpoint
CREATE TABLE "rg_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer DEFAULT 0 NOT NULL,
	"excluded_until" timestamp with time zone,
	"exclusion_kind" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_totp" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text,
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "default_country" text DEFAULT 'IN' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_challenge_id_login_challenges_challenge_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."login_challenges"("challenge_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_method_id_payment_methods_method_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("method_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_bank_account_id_bank_accounts_bank_account_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("bank_account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_decided_by_users_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limits" ADD CONSTRAINT "rg_limits_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_settings" ADD CONSTRAINT "rg_settings_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_totp" ADD CONSTRAINT "user_totp_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_pk" ON "gateway_events" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "login_challenges_token_key" ON "login_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_challenges_user_idx" ON "login_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "otp_codes_challenge_idx" ON "otp_codes" USING btree ("challenge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_key" ON "outbox_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_user_request_key" ON "payment_requests" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_reference_key" ON "payment_requests" USING btree ("reference_key") WHERE "payment_requests"."type" = 'DEPOSIT' and "payment_requests"."status" <> 'REJECTED';--> statement-breakpoint
CREATE INDEX "payment_requests_user_created_idx" ON "payment_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_requests_status_idx" ON "payment_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_counters_pk" ON "rate_counters" USING btree ("bucket","window_start");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_limits_pk" ON "rg_limits" USING btree ("user_id","kind","period");--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_mobile_key" ON "users" USING btree ("mobile") WHERE "users"."mobile_verified_at" is not null;