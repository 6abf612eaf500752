-- Every source of sensor glucose and its sampling interval (CLINICAL.md "Sampling interval and
-- coverage"): a 5-minute Dexcom uploaded through Nightscout must not be judged as the portal's
-- 2-minute sensor. A source is a serial (the portal's own sensors) or, for Nightscout documents
-- and imports, "nightscout:" + the uploading device. Its class says its nominal interval (0 not
-- known: inferred from its readings; 1: 1 min, 2: 2 min, 3: 5 min, 4: 15 min); its slot (0-63)
-- tells the readings of sources of unknown interval apart, for that inference.
-- The day blocks carry both in each record's flags (64 × (class + 8 × slot)), and the hourly and
-- daily counts are kept per source, with the gaps between its consecutive readings counted by
-- class (nearest of 1, 2, 5, 15 minutes; a boundary of 1.5, 3.5, 10 minutes goes up: domain
-- gapClassOf), so the patient list infers the interval as the reports do.
-- Readings flagged C or CX are calibration states, not measurements: the counts leave them out.
CREATE TABLE "sg_sources" (
	"patient_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"serial" text NOT NULL,
	"class" smallint NOT NULL,
	"slot" smallint NOT NULL,
	CONSTRAINT "sg_sources_pk" PRIMARY KEY("patient_id","serial"),
	CONSTRAINT "sg_sources_class" CHECK ("class" BETWEEN 0 AND 4),
	CONSTRAINT "sg_sources_slot" CHECK ("slot" BETWEEN 0 AND 63)
);
--> statement-breakpoint
INSERT INTO "sg_sources" ("patient_id", "serial", "class", "slot")
  SELECT patient_id, serial, CASE WHEN bool_and(source = 'realtime') THEN 2 ELSE 0 END,
         ((row_number() OVER (PARTITION BY patient_id ORDER BY serial) - 1) % 64)::smallint
    FROM sg_readings GROUP BY patient_id, serial;
--> statement-breakpoint
DROP TABLE "sg_hour_counts";
--> statement-breakpoint
DROP TABLE "sg_day_counts";
--> statement-breakpoint
CREATE TABLE "sg_hour_counts" (
	"patient_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"src" smallint NOT NULL,
	"n" integer NOT NULL,
	"below" integer NOT NULL,
	"above" integer NOT NULL,
	"g1" integer NOT NULL,
	"g2" integer NOT NULL,
	"g5" integer NOT NULL,
	"g15" integer NOT NULL,
	CONSTRAINT "sg_hour_counts_pk" PRIMARY KEY("patient_id","hour","src")
);
--> statement-breakpoint
CREATE TABLE "sg_day_counts" (
	"patient_id" text NOT NULL,
	"day" integer NOT NULL,
	"src" smallint NOT NULL,
	"n" integer NOT NULL,
	"below" integer NOT NULL,
	"above" integer NOT NULL,
	"g1" integer NOT NULL,
	"g2" integer NOT NULL,
	"g5" integer NOT NULL,
	"g15" integer NOT NULL,
	CONSTRAINT "sg_day_counts_pk" PRIMARY KEY("patient_id","day","src")
);
--> statement-breakpoint
-- The source bits of a reading's flags: class + 8 × slot (0 when the source is not recorded).
CREATE FUNCTION sg_source_bits(p text, s text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT "class" + 8 * slot FROM sg_sources WHERE patient_id = p AND serial = s), 0)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sg_day_packed(p text, d integer) RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT string_agg(
           timestamptz_send(s.time) || float4send(coalesce(s.mgdl, 'NaN'::real)) || int2send(s.utc_offset_min)
           || int2send((coalesce(array_position(ARRAY['C','CX','NC','DE'], s.quality), 0)
                + 8 * coalesce(array_position(ARRAY['CE0','CE1','H'], s.display_code), 0)
                + CASE WHEN s.source = 'uploaded' THEN 32 ELSE 0 END
                + 64 * coalesce(src."class" + 8 * src.slot, 0))::int2),
           ''::bytea ORDER BY s.time, s.serial, s.seq)
    FROM sg_readings s
    LEFT JOIN sg_sources src ON src.patient_id = s.patient_id AND src.serial = s.serial
   WHERE s.patient_id = p AND s.time >= utc_day_start(d) AND s.time < utc_day_start(d + 1)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sg_derived_refresh(ps text[], ds integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
  -- above Infinity), C and CX left out, and readings of two serials at one instant counted once.
  -- A gap is from the previous reading of the same source on the same UTC day.
  INSERT INTO sg_hour_counts (patient_id, hour, src, n, below, above, g1, g2, g5, g15)
    SELECT k.p, date_bin('1 hour', r.time, 'epoch'::timestamptz), r.src, count(*)::int,
           (count(*) FILTER (WHERE r.mgdl < 69.95))::int, (count(*) FILTER (WHERE r.mgdl >= 180.05))::int,
           (count(*) FILTER (WHERE r.gap < 90))::int,
           (count(*) FILTER (WHERE r.gap >= 90 AND r.gap < 210))::int,
           (count(*) FILTER (WHERE r.gap >= 210 AND r.gap < 600))::int,
           (count(*) FILTER (WHERE r.gap >= 600))::int
      FROM (SELECT DISTINCT * FROM unnest(ps, ds)) k(p, d)
      CROSS JOIN LATERAL (
        SELECT u.time, u.mgdl, u.src,
               date_part('epoch', u.time - lag(u.time) OVER (PARTITION BY u.src ORDER BY u.time)) AS gap
          FROM (SELECT DISTINCT ON (s.time) s.time, s.mgdl, sg_source_bits(s.patient_id, s.serial)::smallint AS src
                  FROM sg_readings s
                 WHERE s.patient_id = k.p AND s.time >= utc_day_start(k.d) AND s.time < utc_day_start(k.d + 1)
                   AND s.mgdl >= 0.05 AND s.mgdl < 'Infinity'::real AND s.quality IS DISTINCT FROM 'C'
                   AND s.quality IS DISTINCT FROM 'CX'
                 ORDER BY s.time, s.serial, s.seq) u) r
     GROUP BY 1, 2, 3;
  DELETE FROM sg_day_counts c USING unnest(ps, ds) k(p, d) WHERE c.patient_id = k.p AND c.day = k.d;
  INSERT INTO sg_day_counts (patient_id, day, src, n, below, above, g1, g2, g5, g15)
    SELECT h.patient_id, utc_day(h.hour), h.src, sum(h.n)::int, sum(h.below)::int, sum(h.above)::int,
           sum(h.g1)::int, sum(h.g2)::int, sum(h.g5)::int, sum(h.g15)::int
      FROM sg_hour_counts h JOIN (SELECT DISTINCT * FROM unnest(ps, ds)) k(p, d)
        ON h.patient_id = k.p AND h.hour >= utc_day_start(k.d) AND h.hour < utc_day_start(k.d + 1)
     GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sg_readings_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sg_day_blocks; DELETE FROM sg_hour_counts; DELETE FROM sg_day_counts; DELETE FROM sg_sources;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The portal's own sensor readings get their class in every block, and every count is rebuilt.
SELECT sg_derived_refresh(array_agg(k.p), array_agg(k.d))
  FROM (SELECT DISTINCT patient_id AS p, utc_day(time) AS d FROM sg_readings) k;
