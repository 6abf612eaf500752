CREATE TABLE "clinics" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"region" text NOT NULL,
	"address" text,
	"contact" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "firmware_releases" (
	"id" text PRIMARY KEY NOT NULL,
	"device_type" text NOT NULL,
	"version" text NOT NULL,
	"notes" text NOT NULL,
	"target_serials" jsonb NOT NULL,
	"target_regions" jsonb NOT NULL,
	"state" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patch_results" (
	"id" text PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"kind" text NOT NULL,
	"result" text NOT NULL,
	"code" text,
	"details" jsonb,
	"country" text,
	"reported_by" text,
	"reported_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "clinic_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_scope" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "clinics_country_idx" ON "clinics" USING btree ("country");--> statement-breakpoint
CREATE INDEX "firmware_releases_type_idx" ON "firmware_releases" USING btree ("device_type","created_at");--> statement-breakpoint
CREATE INDEX "patch_results_serial_idx" ON "patch_results" USING btree ("serial","reported_at");--> statement-breakpoint
CREATE INDEX "patch_results_time_idx" ON "patch_results" USING btree ("reported_at");--> statement-breakpoint
CREATE INDEX "users_clinic_idx" ON "users" USING btree ("clinic_id");