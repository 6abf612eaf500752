-- Sensor glucose stored as hour blocks (patient-data/glucose-block.ts has the layout): one row per
-- patient and UTC hour (floor(epoch / 3600)) holding that hour's readings as 36-byte records in
-- (time, source number, seq) order. It replaces sg_readings (a row and two index entries per
-- reading, 667-1,115 bytes each on disk) and sg_day_blocks (rebuilt whole, by trigger, for every
-- reading of the day): a new reading now rewrites one hour, and the patient-data writer keeps the
-- hourly and daily counts itself (only the rows whose counts change). A source's number
-- (sg_sources.no, never reused) with the device's seq is a reading's identity; the slot stays the
-- 0-63 tag of the interval inference.
ALTER TABLE "sg_sources" ADD COLUMN "no" smallint;
--> statement-breakpoint
UPDATE "sg_sources" s SET "no" = k.n
  FROM (SELECT patient_id, serial, row_number() OVER (PARTITION BY patient_id ORDER BY serial) AS n FROM sg_sources) k
 WHERE s.patient_id = k.patient_id AND s.serial = k.serial;
--> statement-breakpoint
ALTER TABLE "sg_sources" ALTER COLUMN "no" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "sg_sources" ADD CONSTRAINT "sg_sources_no" UNIQUE ("patient_id", "no");
--> statement-breakpoint
CREATE TABLE "sg_blocks" (
	"patient_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"hour" integer NOT NULL,
	"packed" bytea NOT NULL,
	-- When the latest realtime reading with a value of this hour arrived (epoch ms): the change
	-- stamp Nightscout followers page by (v3 history), so they need not decode every hour.
	"realtime_received_ms" bigint,
	CONSTRAINT "sg_blocks_pk" PRIMARY KEY("patient_id","hour")
);
--> statement-breakpoint
INSERT INTO "sg_blocks" ("patient_id", "hour", "packed", "realtime_received_ms")
  SELECT s.patient_id, floor(date_part('epoch', s.time) / 3600)::int,
         string_agg(
           int8send(round(date_part('epoch', s.time) * 1000)::int8) || int8send(s.seq)
           || int8send(round(date_part('epoch', s.received_at) * 1000)::int8)
           || int4send(coalesce(round(s.mgdl::numeric * 1000)::int4, -2147483648))
           || int2send(s.utc_offset_min)
           || int2send((coalesce(array_position(ARRAY['C','CX','NC','DE'], s.quality), 0)
                + 8 * coalesce(array_position(ARRAY['CE0','CE1','H'], s.display_code), 0)
                + CASE WHEN s.source = 'uploaded' THEN 32 ELSE 0 END
                + 64 * (src."class" + 8 * src.slot))::int2)
           || int2send(coalesce(s.rate, -1)::int2) || int2send(src."no"),
           ''::bytea ORDER BY s.time, src."no", s.seq),
         max(round(date_part('epoch', s.received_at) * 1000)::int8)
           FILTER (WHERE s.source = 'realtime' AND s.mgdl IS NOT NULL)
    FROM sg_readings s
    JOIN sg_sources src ON src.patient_id = s.patient_id AND src.serial = s.serial
   GROUP BY 1, 2;
--> statement-breakpoint
-- The counts go with the account, as the blocks do (they were removed by sg_readings' trigger).
DELETE FROM sg_hour_counts c WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = c.patient_id);
--> statement-breakpoint
DELETE FROM sg_day_counts c WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = c.patient_id);
--> statement-breakpoint
ALTER TABLE sg_hour_counts ADD CONSTRAINT sg_hour_counts_patient_fk
  FOREIGN KEY (patient_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE sg_day_counts ADD CONSTRAINT sg_day_counts_patient_fk
  FOREIGN KEY (patient_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
DROP TABLE "sg_readings";
--> statement-breakpoint
DROP TABLE "sg_day_blocks";
--> statement-breakpoint
DROP FUNCTION sg_readings_truncated();
--> statement-breakpoint
DROP FUNCTION sg_derived_refresh(text[], integer[]);
--> statement-breakpoint
DROP FUNCTION sg_day_packed(text, integer);
--> statement-breakpoint
DROP FUNCTION sg_source_bits(text, text);
--> statement-breakpoint
-- The statement trigger now serves basal segments only.
CREATE OR REPLACE FUNCTION derived_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ps text[]; ds integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.p), array_agg(k.d) INTO ps, ds
      FROM (SELECT DISTINCT patient_id AS p, utc_day(time) AS d FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.p), array_agg(k.d) INTO ps, ds
      FROM (SELECT DISTINCT patient_id AS p, utc_day(time) AS d FROM old_rows) k;
  ELSE
    SELECT array_agg(k.p), array_agg(k.d) INTO ps, ds
      FROM (SELECT patient_id AS p, utc_day(time) AS d FROM new_rows
            UNION SELECT patient_id, utc_day(time) FROM old_rows) k;
  END IF;
  IF ps IS NULL THEN RETURN NULL; END IF;
  PERFORM basal_derived_refresh(ps, ds);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Binary numbers of a block at a 0-based byte offset (big-endian, two's complement).
CREATE FUNCTION sg_i64(p bytea, o integer) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ('x' || encode(substring(p FROM o + 1 FOR 8), 'hex'))::bit(64)::bigint $$;
--> statement-breakpoint
CREATE FUNCTION sg_i32(p bytea, o integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ('x' || encode(substring(p FROM o + 1 FOR 4), 'hex'))::bit(32)::integer $$;
--> statement-breakpoint
CREATE FUNCTION sg_i16(p bytea, o integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ((get_byte(p, o) << 8) | get_byte(p, o + 1)) - CASE WHEN get_byte(p, o) >= 128 THEN 65536 ELSE 0 END $$;
--> statement-breakpoint
-- The records of a block as rows, for SQL readers (the Nightscout entries of the portal's own
-- sensor, the data map's counts). mgdl is null for a display code; rate null when not sent.
CREATE FUNCTION sg_block_rows(p bytea) RETURNS TABLE (
  "time" timestamptz, seq bigint, received_ms bigint, mgdl double precision, utc_offset_min integer,
  flags integer, rate integer, "no" integer
) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT timestamptz 'epoch' + sg_i64(p, o) * interval '1 millisecond', sg_i64(p, o + 8), sg_i64(p, o + 16),
         (nullif(sg_i32(p, o + 24), -2147483648) / 1000.0)::float8, sg_i16(p, o + 28), sg_i16(p, o + 30),
         nullif(sg_i16(p, o + 32), -1), sg_i16(p, o + 34)
    FROM generate_series(0, octet_length(p) - 36, 36) AS o
$$;
