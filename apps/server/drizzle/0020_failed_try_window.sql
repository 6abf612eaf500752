-- Wrong passwords count toward the lock only within a window (auth/failed-tries.ts): a try older than
-- that starts the count afresh, for an account as for a user name without one, so the stale rows of
-- unknown_login_attempts can be purged without changing any answer (issue 15). The account's last
-- wrong try is kept here; unknown_login_attempts has its updated_at.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "failed_attempt_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "unknown_login_attempts_updated_idx" ON "unknown_login_attempts" ("updated_at");
