-- Nightscout entries stored compactly (issue 13): instead of one jsonb document row each, the
-- entries of a patient's UTC hour are the items of one row, written in one statement with the
-- readings' hour blocks. An item keeps what the client sent beyond what the reading's time rebuilds
-- (date, dateString, sysTime, utcOffset: adapters/nightscout/ns-entry-store.ts). `keys` holds the
-- `_id`s and identifiers of the row's entries, so a write finds an entry by either in any hour.
CREATE TABLE IF NOT EXISTS "nightscout_entry_hours" (
	"patient_id" text NOT NULL,
	"hour" bigint NOT NULL,
	"keys" text[] NOT NULL,
	"max_modified" bigint NOT NULL,
	"items" jsonb NOT NULL,
	CONSTRAINT "nightscout_entry_hours_patient_id_hour_pk" PRIMARY KEY("patient_id","hour")
);
--> statement-breakpoint
ALTER TABLE "nightscout_entry_hours" ADD CONSTRAINT "nightscout_entry_hours_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A small pending list: a write's search scans it whole, and it is merged in small steps.
CREATE INDEX IF NOT EXISTS "ns_entry_hours_keys_idx" ON "nightscout_entry_hours" USING gin ("keys") WITH (gin_pending_list_limit = 256);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ns_entry_hours_modified_idx" ON "nightscout_entry_hours" ("patient_id", "max_modified");
--> statement-breakpoint
-- Entries stored before: moved as they are (their whole document kept, so they read back unchanged).
INSERT INTO "nightscout_entry_hours" ("patient_id", "hour", "keys", "max_modified", "items")
SELECT "patient_id", floor(extract(epoch from "date") / 3600)::bigint,
	array_agg("id") || array_agg("identifier"), max("srv_modified"),
	jsonb_agg(jsonb_strip_nulls(jsonb_build_object('id', "id", 'ident', "identifier", 'seq', "seq",
		't', round(extract(epoch from "date") * 1000)::bigint, 'off', "utc_offset_min",
		'm', "srv_modified", 'c', "srv_created", 'del', case when "deleted" then true end,
		'sub', "subject", 'doc', "doc")) ORDER BY "date", "seq")
FROM "nightscout_documents" WHERE "collection" = 'entries'
GROUP BY 1, 2;
--> statement-breakpoint
DELETE FROM "nightscout_documents" WHERE "collection" = 'entries';
