-- Only an hour holding an entry whose `_id` or identifier does not name the hour by its time has
-- keys (ns-entry-store.ts entryHoursWrites): an uploader's plain readings leave them empty. The
-- index of the keys now holds only the hours that have some, so writing an hour of plain readings
-- adds nothing to it (each empty array was an entry of the index's pending list, and the list was
-- merged into the index by whichever write filled it). Lookups say `cardinality(keys) > 0` beside
-- `keys && …` (entryKeysSql), which is what lets the planner use it.
DROP INDEX IF EXISTS "ns_entry_hours_keys_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ns_entry_hours_keys_idx" ON "nightscout_entry_hours" USING gin ("keys")
	WITH (gin_pending_list_limit = 256) WHERE cardinality("keys") > 0;
