-- The leader lease's fencing token (docs/reliability.md, "Leader lease and fencing"): one row per
-- lease, its generation bumped by every takeover; leader-only writes check it in their own
-- transaction (FOR SHARE), so a deposed leader's late write is refused.
CREATE TABLE "leader_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	"holder" text,
	"acquired_at" timestamp with time zone
);--> statement-breakpoint
-- One writer per match: every score write names the sequence it continues (compare-and-set).
ALTER TABLE "cricket_matches" ADD COLUMN "score_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A reservation's request key: a reserving transaction whose commit's outcome was unknown is
-- retried by it and finds what it already reserved, never reserves twice.
ALTER TABLE "exposure_reservations" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "exposure_reservations_request_key" ON "exposure_reservations" USING btree ("request_key");
