CREATE TABLE "uploads" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data_base64" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "uploads_bytes_check" CHECK ("uploads"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "market_voids" DROP CONSTRAINT "market_voids_shape_check";--> statement-breakpoint
ALTER TABLE "market_voids" ADD COLUMN "bet_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_voids_bet_key" ON "market_voids" USING btree ("market_id","bet_id");--> statement-breakpoint
ALTER TABLE "market_voids" ADD CONSTRAINT "market_voids_shape_check" CHECK (("market_voids"."kind" = 'SELECTION' and "market_voids"."selection_id" is not null) or ("market_voids"."kind" = 'WINDOW' and "market_voids"."from_at" is not null and "market_voids"."to_at" is not null and "market_voids"."from_at" <= "market_voids"."to_at") or ("market_voids"."kind" = 'BET' and "market_voids"."bet_id" is not null));