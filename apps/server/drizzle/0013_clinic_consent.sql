-- A clinic's desk (its shared clinic login) reads a patient only with that patient's consent to that
-- clinic (issue 15, finding 1): accepting an HCP is consent to that HCP, not to whatever clinic an
-- account admin moves them into. One row per patient and clinic; revoking keeps the row with the
-- time, giving again clears it. No row is made for existing relations: a desk reads a patient again
-- once the patient gives consent on the connections screen.
CREATE TABLE IF NOT EXISTS "clinic_consents" (
	"patient_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "clinic_consents_pk" PRIMARY KEY ("patient_id", "clinic_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clinic_consents_clinic_idx" ON "clinic_consents" ("clinic_id") WHERE "revoked_at" IS NULL;
