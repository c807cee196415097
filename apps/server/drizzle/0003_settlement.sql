CREATE TABLE "admin_actions" (
	"action_id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"action" text NOT NULL,
	"request_id" text,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_settlements" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"generation" integer NOT NULL,
	"result" jsonb,
	"void_market" boolean DEFAULT false NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_settlements_state_check" CHECK ("market_settlements"."state" in ('SETTLED', 'UNSETTLED')),
	CONSTRAINT "market_settlements_generation_check" CHECK ("market_settlements"."generation" >= 0)
);
--> statement-breakpoint
CREATE TABLE "market_voids" (
	"void_id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"kind" text NOT NULL,
	"selection_id" integer,
	"from_at" timestamp with time zone,
	"to_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_voids_shape_check" CHECK (("market_voids"."kind" = 'SELECTION' and "market_voids"."selection_id" is not null) or ("market_voids"."kind" = 'WINDOW' and "market_voids"."from_at" is not null and "market_voids"."to_at" is not null and "market_voids"."from_at" <= "market_voids"."to_at"))
);
--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "result" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "profit_loss_paise" bigint;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "market_id" integer;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_operator_id_users_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_settlements" ADD CONSTRAINT "market_settlements_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_settlements" ADD CONSTRAINT "market_settlements_settled_by_users_user_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_voids" ADD CONSTRAINT "market_voids_market_id_markets_market_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("market_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_voids" ADD CONSTRAINT "market_voids_selection_id_runners_selection_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."runners"("selection_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_voids" ADD CONSTRAINT "market_voids_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_actions_request_key" ON "admin_actions" USING btree ("operator_id","action","request_id");--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "market_voids_market_idx" ON "market_voids" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "bets_user_settled_idx" ON "bets" USING btree ("user_id","settled_at");--> statement-breakpoint
CREATE INDEX "transfers_market_idx" ON "transfers" USING btree ("market_id");