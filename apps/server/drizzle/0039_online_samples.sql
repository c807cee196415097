-- Issue 45: bettors online over time, sampled by the leader every few minutes for the console's
-- 24-hour chart (modules/console/online-samples.ts); rows older than two days are pruned.
CREATE TABLE "online_samples" (
	"sampled_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"bettors_online" integer NOT NULL,
	CONSTRAINT "online_samples_count_check" CHECK ("online_samples"."bettors_online" >= 0)
);
