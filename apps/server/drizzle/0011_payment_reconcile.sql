-- What the payment gateway reports, kept beside the operator's decision (docs/console.md, Payments):
-- the event's amount and reference, what actually moved when it differs from the request, and a
-- queue of disagreements the operator resolves (one open at a time per payment).
ALTER TABLE "gateway_events" ADD COLUMN "amount_paise" bigint;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "gateway_reference" text;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "gateway_events_payment_idx" ON "gateway_events" USING btree ("payment_id","received_at");--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "settled_paise" bigint;--> statement-breakpoint
CREATE TABLE "payment_discrepancies" (
	"discrepancy_id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"gateway_amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"moved_paise" bigint,
	"note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_discrepancies_kind_check" CHECK ("payment_discrepancies"."kind" in ('AMOUNT_DIFFERS', 'SUCCEEDED_AFTER_REJECT', 'FAILED_AFTER_PAID')),
	CONSTRAINT "payment_discrepancies_status_check" CHECK ("payment_discrepancies"."status" in ('OPEN', 'RESOLVED', 'DISMISSED', 'SUPERSEDED'))
);
--> statement-breakpoint
ALTER TABLE "payment_discrepancies" ADD CONSTRAINT "payment_discrepancies_payment_id_payment_requests_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_requests"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_discrepancies" ADD CONSTRAINT "payment_discrepancies_resolved_by_users_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_discrepancies_event_key" ON "payment_discrepancies" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_discrepancies_open_key" ON "payment_discrepancies" USING btree ("payment_id") WHERE "payment_discrepancies"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "payment_discrepancies_status_idx" ON "payment_discrepancies" USING btree ("status","created_at");
