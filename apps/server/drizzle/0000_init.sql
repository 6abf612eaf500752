CREATE TABLE "hcp_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"organisation" text NOT NULL,
	"status" text NOT NULL,
	"converted_from" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"used_by" text,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"realname" text NOT NULL,
	"alias" text,
	"gender" text DEFAULT 'unspecified' NOT NULL,
	"height" real,
	"weight" real,
	"diabetes_type" text DEFAULT 'unspecified' NOT NULL,
	"address" text,
	"zipcode" text,
	"telephone" text,
	"serve_for" text,
	"major" text DEFAULT 'unspecified' NOT NULL,
	"organisation" text,
	"bio" text,
	"birthday" text,
	"diabetes_diagnosis_date" text,
	"portrait" "bytea",
	"portrait_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"mobile" text,
	"password_hash" text NOT NULL,
	"user_type" text NOT NULL,
	"role" text,
	"created_by" text NOT NULL,
	"status" text NOT NULL,
	"admin_login" boolean DEFAULT false NOT NULL,
	"clinic_login" boolean DEFAULT false NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"show_glucose" boolean DEFAULT true NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"terms_version" text,
	"terms_accepted_at" timestamp with time zone,
	"guardian_consent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"user_id" text,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"extra" jsonb
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"patient_id" text NOT NULL,
	"serial" text NOT NULL,
	"seq" bigint NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"utc_offset_min" smallint NOT NULL,
	"device_source" text NOT NULL,
	"code" text NOT NULL,
	"cleared_at" timestamp with time zone,
	"source" text NOT NULL,
	CONSTRAINT "alarms_patient_id_serial_seq_pk" PRIMARY KEY("patient_id","serial","seq")
);
--> statement-breakpoint
CREATE TABLE "basal_segments" (
	"patient_id" text NOT NULL,
	"serial" text NOT NULL,
	"seq" bigint NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"utc_offset_min" smallint NOT NULL,
	"code" text NOT NULL,
	"duration_min" real NOT NULL,
	"rate" real NOT NULL,
	"delivered" real NOT NULL,
	"auto" jsonb,
	"source" text NOT NULL,
	CONSTRAINT "basal_segments_patient_id_serial_seq_pk" PRIMARY KEY("patient_id","serial","seq")
);
--> statement-breakpoint
CREATE TABLE "bg_readings" (
	"patient_id" text NOT NULL,
	"serial" text NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"utc_offset_min" smallint NOT NULL,
	"mgdl" real NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "bg_readings_patient_id_serial_kind_seq_pk" PRIMARY KEY("patient_id","serial","kind","seq")
);
--> statement-breakpoint
CREATE TABLE "boluses" (
	"patient_id" text NOT NULL,
	"serial" text NOT NULL,
	"seq" bigint NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"utc_offset_min" smallint NOT NULL,
	"code" text NOT NULL,
	"set" real NOT NULL,
	"delivered" real NOT NULL,
	"extended_set" real,
	"extended_delivered" real,
	"extended_duration_min" real,
	"details" jsonb,
	"source" text NOT NULL,
	CONSTRAINT "boluses_patient_id_serial_seq_pk" PRIMARY KEY("patient_id","serial","seq")
);
--> statement-breakpoint
CREATE TABLE "data_options" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL,
	"option" text NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_sessions" (
	"patient_id" text NOT NULL,
	"serial" text NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"pdm_serial" text,
	"rated_life_hours" real NOT NULL,
	"utc_offset_min" smallint NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "device_sessions_patient_id_kind_serial_started_at_pk" PRIMARY KEY("patient_id","kind","serial","started_at")
);
--> statement-breakpoint
CREATE TABLE "device_status" (
	"patient_id" text NOT NULL,
	"serial" text NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"utc_offset_min" smallint NOT NULL,
	"status" jsonb NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "device_status_patient_id_serial_kind_seq_pk" PRIMARY KEY("patient_id","serial","kind","seq")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL,
	"kind" text NOT NULL,
	"serial" text NOT NULL,
	"name" text,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL,
	"serial" text NOT NULL,
	"seq" bigint,
	"time" timestamp with time zone NOT NULL,
	"utc_offset_min" smallint NOT NULL,
	"event_type" text NOT NULL,
	"value" real,
	"details" jsonb,
	"notes" text,
	"origin" text NOT NULL,
	"created_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pdm_settings" (
	"patient_id" text NOT NULL,
	"serial" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"settings" jsonb NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "pdm_settings_patient_id_serial_time_pk" PRIMARY KEY("patient_id","serial","time")
);
--> statement-breakpoint
CREATE TABLE "sg_readings" (
	"patient_id" text NOT NULL,
	"serial" text NOT NULL,
	"seq" bigint NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"utc_offset_min" smallint NOT NULL,
	"mgdl" real,
	"quality" text,
	"display_code" text,
	"rate" smallint,
	"source" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sg_readings_patient_id_serial_seq_pk" PRIMARY KEY("patient_id","serial","seq")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL,
	"device_id" text,
	"source" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"stored" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"rejected" integer NOT NULL,
	"first_time" timestamp with time zone,
	"last_time" timestamp with time zone,
	"label" text,
	"hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relations" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL,
	"follower_id" text NOT NULL,
	"follower_type" text NOT NULL,
	"state" text NOT NULL,
	"requested_by" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_deletions" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL,
	"deleted_by" text,
	"source" text NOT NULL,
	"kinds" jsonb NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"to_time" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_settings" (
	"patient_id" text PRIMARY KEY NOT NULL,
	"unit" text NOT NULL,
	"blos_low" double precision NOT NULL,
	"blos_high" double precision NOT NULL,
	"bb_low" double precision NOT NULL,
	"bb_high" double precision NOT NULL,
	"ab_low" double precision NOT NULL,
	"ab_high" double precision NOT NULL,
	"bl_low" double precision NOT NULL,
	"bl_high" double precision NOT NULL,
	"al_low" double precision NOT NULL,
	"al_high" double precision NOT NULL,
	"bs_low" double precision NOT NULL,
	"bs_high" double precision NOT NULL,
	"as_low" double precision NOT NULL,
	"as_high" double precision NOT NULL,
	"night_low" double precision NOT NULL,
	"night_high" double precision NOT NULL,
	"hypo" double precision NOT NULL,
	"target_low" double precision NOT NULL,
	"target_high" double precision NOT NULL,
	"alarm_display" text NOT NULL,
	"glucose_display" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hcp_applications" ADD CONSTRAINT "hcp_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_codes" ADD CONSTRAINT "invitation_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_codes" ADD CONSTRAINT "invitation_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basal_segments" ADD CONSTRAINT "basal_segments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bg_readings" ADD CONSTRAINT "bg_readings_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boluses" ADD CONSTRAINT "boluses_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_options" ADD CONSTRAINT "data_options_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_sessions" ADD CONSTRAINT "device_sessions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_status" ADD CONSTRAINT "device_status_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdm_settings" ADD CONSTRAINT "pdm_settings_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sg_readings" ADD CONSTRAINT "sg_readings_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_deletions" ADD CONSTRAINT "data_deletions_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_deletions" ADD CONSTRAINT "data_deletions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_deletions" ADD CONSTRAINT "data_deletions_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_settings" ADD CONSTRAINT "monitor_settings_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_settings" ADD CONSTRAINT "monitor_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("user_type");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("purpose","target","created_at");--> statement-breakpoint
CREATE INDEX "alarm_patient_time_idx" ON "alarms" USING btree ("patient_id","time");--> statement-breakpoint
CREATE INDEX "basal_patient_time_idx" ON "basal_segments" USING btree ("patient_id","time");--> statement-breakpoint
CREATE INDEX "bg_patient_time_idx" ON "bg_readings" USING btree ("patient_id","time");--> statement-breakpoint
CREATE INDEX "bolus_patient_time_idx" ON "boluses" USING btree ("patient_id","time");--> statement-breakpoint
CREATE INDEX "data_options_patient_idx" ON "data_options" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "session_patient_start_idx" ON "device_sessions" USING btree ("patient_id","started_at");--> statement-breakpoint
CREATE INDEX "status_patient_kind_time_idx" ON "device_status" USING btree ("patient_id","kind","time");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_token_uq" ON "devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "devices_patient_idx" ON "devices" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_device_uq" ON "events" USING btree ("patient_id","serial","seq");--> statement-breakpoint
CREATE INDEX "events_patient_time_idx" ON "events" USING btree ("patient_id","time");--> statement-breakpoint
CREATE INDEX "sg_patient_time_idx" ON "sg_readings" USING btree ("patient_id","time");--> statement-breakpoint
CREATE INDEX "uploads_patient_idx" ON "uploads" USING btree ("patient_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "relations_pair_uq" ON "relations" USING btree ("patient_id","follower_id");--> statement-breakpoint
CREATE INDEX "relations_follower_idx" ON "relations" USING btree ("follower_id","state");--> statement-breakpoint
CREATE INDEX "data_deletions_patient_idx" ON "data_deletions" USING btree ("patient_id");