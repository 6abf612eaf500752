-- The triage list's per-patient summary (issues 18 and 21): the figures of the last 14 days and
-- the previous 14 days' time in range, computed by the domain's glucoseStats from the readings
-- (modules/patients/list-summaries.ts), so a sort over 10,000 patients reads one row each. A row is
-- stale when the patient's data event number moved on or its 14-day window is not the current one;
-- a background job recomputes the stale rows. The device write path never touches this table.
CREATE TABLE IF NOT EXISTS "patient_list_summaries" (
	"patient_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"event_no" bigint NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"last_reading" timestamp with time zone,
	"readings" integer NOT NULL,
	"wear" double precision,
	"very_low" double precision,
	"low" double precision,
	"in_range" double precision,
	"high" double precision,
	"very_high" double precision,
	"gmi" double precision,
	"gmi_withheld" text,
	"cv" double precision,
	"previous_in_range" double precision,
	"mask" smallint NOT NULL,
	"rank_recent" double precision NOT NULL,
	"rank_no_data" double precision NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
