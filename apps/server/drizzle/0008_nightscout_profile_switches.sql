-- The scheduled basal of uploaded data (modules/nightscout/ns-timeline.ts) looks up the patient's
-- "Profile Switch" treatments on every pump upload: the last open-ended one before a time, which
-- for a patient who never switches would otherwise read every treatment back to the profile's
-- start. Additive: one partial index over those documents only.
CREATE INDEX "ns_doc_switch_idx" ON "nightscout_documents" USING btree ("patient_id","date") WHERE "collection" = 'treatments' AND ("doc"->>'eventType') = 'Profile Switch';
