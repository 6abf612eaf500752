-- A schema a distributed PostgreSQL (Citus) accepts as is (issue 21): every table of a patient's
-- data is keyed by patient_id first, and one patient's rows refer only to that patient's rows, so
-- the tables can be distributed by patient_id and co-located (docs/OPERATIONS.md "Past one
-- machine"). Existing rows are kept: only keys change. Ids stay random and unique in practice;
-- the key now also names the patient.

-- Upload history, and the deletions that refer to an upload of the same patient.
ALTER TABLE "data_deletions" DROP CONSTRAINT "data_deletions_upload_id_uploads_id_fk";
--> statement-breakpoint
ALTER TABLE "data_deletions" DROP CONSTRAINT "data_deletions_pkey";
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_pkey";
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_patient_id_id_pk" PRIMARY KEY ("patient_id", "id");
--> statement-breakpoint
ALTER TABLE "data_deletions" ADD CONSTRAINT "data_deletions_patient_id_upload_id_pk" PRIMARY KEY ("patient_id", "upload_id");
--> statement-breakpoint
ALTER TABLE "data_deletions" ADD CONSTRAINT "data_deletions_upload_fk" FOREIGN KEY ("patient_id", "upload_id")
  REFERENCES "uploads" ("patient_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
-- Events.
ALTER TABLE "events" DROP CONSTRAINT "events_pkey";
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_patient_id_id_pk" PRIMARY KEY ("patient_id", "id");
--> statement-breakpoint
-- Data options.
ALTER TABLE "data_options" DROP CONSTRAINT "data_options_pkey";
--> statement-breakpoint
ALTER TABLE "data_options" ADD CONSTRAINT "data_options_patient_id_id_pk" PRIMARY KEY ("patient_id", "id");
--> statement-breakpoint
-- Device apps. A device signs in with its token alone, so the token keeps an index; a unique one
-- would have to name the patient too (a distributed table allows no other), and a token is 256
-- random bits: it never repeats.
ALTER TABLE "devices" DROP CONSTRAINT "devices_pkey";
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_patient_id_id_pk" PRIMARY KEY ("patient_id", "id");
--> statement-breakpoint
DROP INDEX "devices_token_uq";
--> statement-breakpoint
CREATE INDEX "devices_token_idx" ON "devices" ("token_hash");
--> statement-breakpoint
-- The medical record sheets of a patient.
ALTER TABLE "medical_records" DROP CONSTRAINT "medical_records_pkey";
--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_patient_id_id_pk" PRIMARY KEY ("patient_id", "id");
