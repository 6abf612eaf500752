-- The basal day blocks (0005) are rebuilt by the write path (patient-data/basal-store.ts), in the
-- transaction of every insert and delete of basal segments, as the glucose hour blocks are (0011).
-- The statement-level triggers with transition tables that did it go: a distributed PostgreSQL
-- (Citus) does not accept them, and they were the last ones. basal_derived_refresh stays: the
-- write path calls it with the days it touched.
DROP TRIGGER IF EXISTS basal_segments_derived_ins ON basal_segments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS basal_segments_derived_upd ON basal_segments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS basal_segments_derived_del ON basal_segments;
--> statement-breakpoint
-- Nothing truncates basal segments; an operator who does truncates basal_day_blocks with them.
DROP TRIGGER IF EXISTS basal_segments_derived_truncate ON basal_segments;
--> statement-breakpoint
DROP FUNCTION IF EXISTS derived_rows_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS basal_segments_truncated();
--> statement-breakpoint
-- The blocks go with the account, as its segments do (the delete trigger removed them until now).
DELETE FROM basal_day_blocks b WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = b.patient_id);
--> statement-breakpoint
ALTER TABLE basal_day_blocks ADD CONSTRAINT basal_day_blocks_patient_fk
  FOREIGN KEY (patient_id) REFERENCES users(id) ON DELETE CASCADE;
