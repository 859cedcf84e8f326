-- Counters live for an hour at most: the upgrade starts every window afresh rather than guess each one's end.
DELETE FROM "rate_limits";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "window_start";
