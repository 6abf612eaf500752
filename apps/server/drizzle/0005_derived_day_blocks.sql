-- Derived tables of the two high-volume series, kept by triggers in the same transaction as every
-- change of their source rows, so they are never out of date (docs/ARCHITECTURE.md "Derived data").
--   sg_day_blocks, basal_day_blocks: one row per patient and UTC day (floor(epoch / 86400)) with
--     that day's rows packed as binary records, in (time, serial, seq) order: a 90-day report reads
--     about 90 rows instead of 65,000 (modules/reports/packed.ts decodes them).
--   sg_hour_counts, sg_day_counts: per patient and UTC hour (and day), the de-duplicated count of
--     readings and of those below 70 and above 180 mg/dL: the patient list's 14-day time in range.
-- They hold nothing that is not in sg_readings and basal_segments, and are rebuilt from them below.
-- (date_part, not extract: extract returns numeric since PostgreSQL 14, ten times slower per row.)

CREATE TABLE "sg_day_blocks" (
	"patient_id" text NOT NULL,
	"day" integer NOT NULL,
	"packed" bytea NOT NULL,
	CONSTRAINT "sg_day_blocks_pk" PRIMARY KEY("patient_id","day")
);
--> statement-breakpoint
CREATE TABLE "basal_day_blocks" (
	"patient_id" text NOT NULL,
	"day" integer NOT NULL,
	"packed" bytea NOT NULL,
	CONSTRAINT "basal_day_blocks_pk" PRIMARY KEY("patient_id","day")
);
--> statement-breakpoint
CREATE TABLE "sg_hour_counts" (
	"patient_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"below" integer NOT NULL,
	"above" integer NOT NULL,
	CONSTRAINT "sg_hour_counts_pk" PRIMARY KEY("patient_id","hour")
);
--> statement-breakpoint
CREATE TABLE "sg_day_counts" (
	"patient_id" text NOT NULL,
	"day" integer NOT NULL,
	"n" integer NOT NULL,
	"below" integer NOT NULL,
	"above" integer NOT NULL,
	CONSTRAINT "sg_day_counts_pk" PRIMARY KEY("patient_id","day")
);
--> statement-breakpoint
CREATE FUNCTION utc_day(t timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor(date_part('epoch', t) / 86400)::integer $$;
--> statement-breakpoint
CREATE FUNCTION utc_day_start(d integer) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_timestamp(d::float8 * 86400) $$;
--> statement-breakpoint
-- A number of the auto-mode JSON ({"auto_basal_delivery": 0.05, ...}) as float4; NaN when absent
-- or not a number (a derived row must never fail the write of what a device sent).
CREATE FUNCTION auto_delivery(auto jsonb, key text) RETURNS real LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN jsonb_typeof(auto -> key) = 'number' THEN (auto ->> key)::real ELSE 'NaN'::real END $$;
--> statement-breakpoint
-- Sensor records of a day: time (timestamptz_send), mg/dL float4 (NaN: none, a display code),
-- UTC offset int2, flags int2 = quality (1-4: C CX NC DE) + 8 × display code (1-3: CE0 CE1 H)
-- + 32 when the source is 'uploaded'. 16 bytes each.
CREATE FUNCTION sg_day_packed(p text, d integer) RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT string_agg(
           timestamptz_send(s.time) || float4send(coalesce(s.mgdl, 'NaN'::real)) || int2send(s.utc_offset_min)
           || int2send((coalesce(array_position(ARRAY['C','CX','NC','DE'], s.quality), 0)
                + 8 * coalesce(array_position(ARRAY['CE0','CE1','H'], s.display_code), 0)
                + CASE WHEN s.source = 'uploaded' THEN 32 ELSE 0 END)::int2),
           ''::bytea ORDER BY s.time, s.serial, s.seq)
    FROM sg_readings s
   WHERE s.patient_id = p AND s.time >= utc_day_start(d) AND s.time < utc_day_start(d + 1)
$$;
--> statement-breakpoint
-- Basal segments starting on a day: start (timestamptz_send), UTC offset int2, duration (min),
-- rate, delivered, auto basal, auto correction, auto food (float4; NaN: none), flags int2 (1 when
-- the source is 'uploaded'), code length int2, code (UTF-8).
CREATE FUNCTION basal_day_packed(p text, d integer) RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT string_agg(
           timestamptz_send(b.time) || int2send(b.utc_offset_min) || float4send(b.duration_min)
           || float4send(b.rate) || float4send(b.delivered)
           || float4send(auto_delivery(b.auto, 'auto_basal_delivery'))
           || float4send(auto_delivery(b.auto, 'auto_corr_delivery'))
           || float4send(auto_delivery(b.auto, 'auto_food_delivery'))
           || int2send((CASE WHEN b.source = 'uploaded' THEN 1 ELSE 0 END)::int2)
           || int2send(octet_length(b.code)::int2) || convert_to(b.code, 'UTF8'),
           ''::bytea ORDER BY b.time, b.serial, b.seq)
    FROM basal_segments b
   WHERE b.patient_id = p AND b.time >= utc_day_start(d) AND b.time < utc_day_start(d + 1)
$$;
--> statement-breakpoint
-- Rebuilds the derived rows of the given (patient, UTC day) pairs from the source tables.
CREATE FUNCTION sg_derived_refresh(ps text[], ds integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One writer per patient at a time. Under READ COMMITTED each statement below takes a new
  -- snapshot, so after the lock it sees every reading another writer committed before it: two
  -- devices uploading the same day at once cannot leave a block without the other's readings.
  PERFORM pg_advisory_xact_lock(hashtext('sg_derived'), hashtext(x.p))
     FROM (SELECT DISTINCT unnest(ps) AS p ORDER BY 1) x;
  DELETE FROM sg_day_blocks b USING unnest(ps, ds) k(p, d) WHERE b.patient_id = k.p AND b.day = k.d;
  INSERT INTO sg_day_blocks (patient_id, day, packed)
    SELECT x.p, x.d, x.packed
      FROM (SELECT k.p, k.d, sg_day_packed(k.p, k.d) AS packed FROM (SELECT DISTINCT * FROM unnest(ps, ds)) k(p, d)) x
     WHERE x.packed IS NOT NULL;
  DELETE FROM sg_hour_counts h USING unnest(ps, ds) k(p, d)
   WHERE h.patient_id = k.p AND h.hour >= utc_day_start(k.d) AND h.hour < utc_day_start(k.d + 1);
  -- As the report path gives readings to the domain's statistics: values rounded to 0.1 mg/dL and
  -- those <= 0 dropped ("rounded < 70" is "< 69.95", "rounded > 180" is ">= 180.05"; NaN sorts
  -- above Infinity), and readings of two serials at one instant counted once (CLINICAL.md).
  INSERT INTO sg_hour_counts (patient_id, hour, n, below, above)
    SELECT k.p, date_bin('1 hour', r.time, 'epoch'::timestamptz), count(*)::int,
           (count(*) FILTER (WHERE r.mgdl < 69.95))::int, (count(*) FILTER (WHERE r.mgdl >= 180.05))::int
      FROM (SELECT DISTINCT * FROM unnest(ps, ds)) k(p, d)
      CROSS JOIN LATERAL (
        SELECT DISTINCT ON (s.time) s.time, s.mgdl FROM sg_readings s
         WHERE s.patient_id = k.p AND s.time >= utc_day_start(k.d) AND s.time < utc_day_start(k.d + 1)
           AND s.mgdl >= 0.05 AND s.mgdl < 'Infinity'::real
         ORDER BY s.time, s.serial, s.seq) r
     GROUP BY 1, 2;
  DELETE FROM sg_day_counts c USING unnest(ps, ds) k(p, d) WHERE c.patient_id = k.p AND c.day = k.d;
  INSERT INTO sg_day_counts (patient_id, day, n, below, above)
    SELECT h.patient_id, utc_day(h.hour), sum(h.n)::int, sum(h.below)::int, sum(h.above)::int
      FROM sg_hour_counts h JOIN (SELECT DISTINCT * FROM unnest(ps, ds)) k(p, d)
        ON h.patient_id = k.p AND h.hour >= utc_day_start(k.d) AND h.hour < utc_day_start(k.d + 1)
     GROUP BY 1, 2;
END $$;
--> statement-breakpoint
CREATE FUNCTION basal_derived_refresh(ps text[], ds integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('basal_derived'), hashtext(x.p))
     FROM (SELECT DISTINCT unnest(ps) AS p ORDER BY 1) x;
  DELETE FROM basal_day_blocks b USING unnest(ps, ds) k(p, d) WHERE b.patient_id = k.p AND b.day = k.d;
  INSERT INTO basal_day_blocks (patient_id, day, packed)
    SELECT x.p, x.d, x.packed
      FROM (SELECT k.p, k.d, basal_day_packed(k.p, k.d) AS packed FROM (SELECT DISTINCT * FROM unnest(ps, ds)) k(p, d)) x
     WHERE x.packed IS NOT NULL;
END $$;
--> statement-breakpoint
-- Statement-level triggers: one refresh per write statement (a batch of thousands of rows
-- rebuilds each of its days once), for the rows before and after the change.
CREATE FUNCTION derived_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_TABLE_NAME = 'sg_readings' THEN
    PERFORM sg_derived_refresh(ps, ds);
  ELSE
    PERFORM basal_derived_refresh(ps, ds);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sg_readings_derived_ins AFTER INSERT ON sg_readings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived_rows_changed();
--> statement-breakpoint
CREATE TRIGGER sg_readings_derived_upd AFTER UPDATE ON sg_readings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived_rows_changed();
--> statement-breakpoint
CREATE TRIGGER sg_readings_derived_del AFTER DELETE ON sg_readings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION derived_rows_changed();
--> statement-breakpoint
CREATE TRIGGER basal_segments_derived_ins AFTER INSERT ON basal_segments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived_rows_changed();
--> statement-breakpoint
CREATE TRIGGER basal_segments_derived_upd AFTER UPDATE ON basal_segments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION derived_rows_changed();
--> statement-breakpoint
CREATE TRIGGER basal_segments_derived_del AFTER DELETE ON basal_segments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION derived_rows_changed();
--> statement-breakpoint
-- A truncate leaves no source rows: nothing derived may remain.
CREATE FUNCTION sg_readings_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sg_day_blocks; DELETE FROM sg_hour_counts; DELETE FROM sg_day_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION basal_segments_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM basal_day_blocks;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sg_readings_derived_truncate AFTER TRUNCATE ON sg_readings
  FOR EACH STATEMENT EXECUTE FUNCTION sg_readings_truncated();
--> statement-breakpoint
CREATE TRIGGER basal_segments_derived_truncate AFTER TRUNCATE ON basal_segments
  FOR EACH STATEMENT EXECUTE FUNCTION basal_segments_truncated();
--> statement-breakpoint
-- Derived rows follow their source even where triggers are otherwise off (a bulk load or a
-- logical-replication subscriber runs with session_replication_role = replica).
ALTER TABLE sg_readings ENABLE ALWAYS TRIGGER sg_readings_derived_ins;
--> statement-breakpoint
ALTER TABLE sg_readings ENABLE ALWAYS TRIGGER sg_readings_derived_upd;
--> statement-breakpoint
ALTER TABLE sg_readings ENABLE ALWAYS TRIGGER sg_readings_derived_del;
--> statement-breakpoint
ALTER TABLE sg_readings ENABLE ALWAYS TRIGGER sg_readings_derived_truncate;
--> statement-breakpoint
ALTER TABLE basal_segments ENABLE ALWAYS TRIGGER basal_segments_derived_ins;
--> statement-breakpoint
ALTER TABLE basal_segments ENABLE ALWAYS TRIGGER basal_segments_derived_upd;
--> statement-breakpoint
ALTER TABLE basal_segments ENABLE ALWAYS TRIGGER basal_segments_derived_del;
--> statement-breakpoint
ALTER TABLE basal_segments ENABLE ALWAYS TRIGGER basal_segments_derived_truncate;
--> statement-breakpoint
-- The rows stored before this migration.
SELECT sg_derived_refresh(array_agg(k.p), array_agg(k.d))
  FROM (SELECT DISTINCT patient_id AS p, utc_day(time) AS d FROM sg_readings) k;
--> statement-breakpoint
SELECT basal_derived_refresh(array_agg(k.p), array_agg(k.d))
  FROM (SELECT DISTINCT patient_id AS p, utc_day(time) AS d FROM basal_segments) k;
