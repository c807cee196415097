CREATE TABLE "exposure_reservations" (
	"reservation_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"node_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exposure_reservations_positive" CHECK ("exposure_reservations"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "exposure_reservations" ADD CONSTRAINT "exposure_reservations_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exposure_reservations_user_idx" ON "exposure_reservations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exposure_reservations_created_idx" ON "exposure_reservations" USING btree ("created_at");