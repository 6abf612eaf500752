-- The live event number of each patient's data (issue: a follower must never miss a reading).
-- It is taken in the writing transaction, after the data, under this row's lock, and only then
-- committed: two uploads of one patient get their numbers in commit order, so the number a
-- follower has seen always covers every commit before it. The old number was the upload's start
-- time, and of two overlapping uploads the one that committed last could carry the smaller number.
CREATE TABLE "patient_data_events" (
	"patient_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"event_no" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "patient_data_events" ("patient_id", "event_no")
  SELECT "patient_id", (max(date_part('epoch', "received_at")) * 1000)::bigint FROM "uploads"
   WHERE "stored" > 0 GROUP BY "patient_id";
