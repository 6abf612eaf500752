-- An hour row of uploaded entries no longer refers to its account by a foreign key. Each write of
-- an hour row checked the key: a lookup of the account row that also locked it, for every hour an
-- upload writes (84 for a batch of 1,000 five-minute readings; a sixth of the write in the
-- embedded database). The rows are written only under the patient's data guard (their event row,
-- which goes with the account) and removed with the rest of the patient's data by the one list of
-- such tables (platform/db/personal-data.ts PATIENT_DATA_TABLES, kept complete by its test).
ALTER TABLE "nightscout_entry_hours" DROP CONSTRAINT IF EXISTS "nightscout_entry_hours_patient_id_users_id_fk";
