-- One firmware release per device type and version, and one patch result per serial, kind and time
-- of the test: the services checked before inserting, which two requests at once could both pass.
-- Additive: two unique indexes; a conflicting insert is answered as a duplicate (409 for a release,
-- counted as a duplicate for a patch result).
CREATE UNIQUE INDEX "firmware_releases_type_version_uq" ON "firmware_releases" USING btree ("device_type","version");--> statement-breakpoint
CREATE UNIQUE INDEX "patch_results_serial_kind_time_uq" ON "patch_results" USING btree ("serial","kind","reported_at");--> statement-breakpoint
-- When each migration was applied (shown on /DevDebug): drizzle's own table keeps only the time the
-- migration was written. Rows applied before this one stay without a time (unknown); every
-- migration from this one on is stamped by the default as drizzle records it.
ALTER TABLE "drizzle"."__drizzle_migrations" ADD COLUMN IF NOT EXISTS "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drizzle"."__drizzle_migrations" ALTER COLUMN "applied_at" SET DEFAULT now();
