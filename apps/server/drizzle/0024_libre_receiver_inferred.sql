-- xDrip+'s LibreReceiver (a FreeStyle Libre 2 or 3 through the patched LibreLink app or Juggluco)
-- keeps one reading per 5 minutes unless its engineering-mode 1-minute setting is on, so the
-- name no longer fixes the interval (domain sampling.ts NOMINAL_INTERVALS): such a source is
-- inferred from its readings (class 0). Sources recorded before as 1-minute (class 1) had their
-- covered time cut to a fifth (wear 20 %, no valid day, GMI withheld, "not enough data" in the
-- list). They become class 0 in sg_sources and in the flags of each of their stored records
-- (bits 6-8 of the int16 at byte 30 of a 36-byte record, source number at byte 34: glucose-block.ts),
-- and the patient's data event number moves on, so the list's summary is computed again.
UPDATE "sg_blocks" b
   SET "packed" = (
     SELECT string_agg(
              CASE WHEN sg_i16(b."packed", o + 34) = ANY (x.nos) AND ((sg_i16(b."packed", o + 30) >> 6) & 7) = 1
                   THEN substring(b."packed" FROM o + 1 FOR 30) || int2send((sg_i16(b."packed", o + 30) - 64)::int2)
                        || substring(b."packed" FROM o + 33 FOR 4)
                   ELSE substring(b."packed" FROM o + 1 FOR 36) END,
              ''::bytea ORDER BY o)
       FROM generate_series(0, octet_length(b."packed") - 36, 36) AS o)
  FROM (SELECT "patient_id", array_agg("no"::integer) AS nos FROM "sg_sources"
         WHERE "class" = 1 AND regexp_replace(lower("serial"), '[^a-z0-9]', '', 'g') LIKE '%librereceiver%'
         GROUP BY "patient_id") x
 WHERE b."patient_id" = x."patient_id";
--> statement-breakpoint
UPDATE "patient_data_events" e SET "event_no" = e."event_no" + 1
 WHERE e."patient_id" IN (SELECT "patient_id" FROM "sg_sources"
         WHERE "class" = 1 AND regexp_replace(lower("serial"), '[^a-z0-9]', '', 'g') LIKE '%librereceiver%');
--> statement-breakpoint
UPDATE "sg_sources" SET "class" = 0
 WHERE "class" = 1 AND regexp_replace(lower("serial"), '[^a-z0-9]', '', 'g') LIKE '%librereceiver%';
