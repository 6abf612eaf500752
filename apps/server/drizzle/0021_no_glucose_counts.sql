-- The patient list reads its figures from patient_list_summaries (0018), computed with the
-- reports' own statistics; nothing reads the hourly and daily reading counts any more. Keeping
-- them cost two of the five row writes of every stored reading.
DROP TABLE IF EXISTS "sg_hour_counts";--> statement-breakpoint
DROP TABLE IF EXISTS "sg_day_counts";
