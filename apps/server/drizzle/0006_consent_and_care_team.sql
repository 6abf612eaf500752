-- Medical records are deleted softly, like events: the row stays (invisible to every reader) so the
-- operation history can account for what an HCP deleted.
ALTER TABLE "medical_records" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- A password someone else chose (an HCP creating a patient account) must be changed at the first
-- sign-in: until then the login opens no session.
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The account that created this one (an HCP for created_by 'hcp'). Not a foreign key: it must
-- outlive the creator's account, like the operation history.
ALTER TABLE "users" ADD COLUMN "creator_id" text;--> statement-breakpoint
-- Existing HCP-created patients: the creator is the HCP whose own request made the first relation
-- (creating a patient connects its creator in the same transaction).
UPDATE "users" u SET "creator_id" = (
  SELECT r."follower_id" FROM "relations" r
   WHERE r."patient_id" = u."id" AND r."follower_type" = 'D' AND r."requested_by" = r."follower_id"
   ORDER BY r."created_at", r."id" LIMIT 1)
 WHERE u."created_by" = 'hcp' AND u."creator_id" IS NULL;
