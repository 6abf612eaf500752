-- Most entries an uploader sends are plain sensor readings: type "sgv", a whole mg/dL value, a
-- known direction, a device, and the `_id` and identifier the portal made from their time, number
-- and device. Their hour keeps them as arrays (ns-entry-plain.ts) instead of one JSON object each:
-- about 45 bytes an entry instead of 230, so a write of 1,000 entries sends and logs a fifth of
-- the bytes, and nothing has to be compressed. Every other entry stays in `items` as it was.
ALTER TABLE "nightscout_entry_hours"
	ADD COLUMN "plain_device" text,
	ADD COLUMN "plain_subject" text,
	ADD COLUMN "plain_t" integer[] DEFAULT '{}' NOT NULL,
	ADD COLUMN "plain_seq" bigint[] DEFAULT '{}' NOT NULL,
	ADD COLUMN "plain_modified" bigint[] DEFAULT '{}' NOT NULL,
	ADD COLUMN "plain_offset" smallint[] DEFAULT '{}' NOT NULL,
	ADD COLUMN "plain_sgv" smallint[] DEFAULT '{}' NOT NULL,
	ADD COLUMN "plain_direction" smallint[] DEFAULT '{}' NOT NULL;
