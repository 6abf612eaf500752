CREATE TABLE "nightscout_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL,
	"name" text NOT NULL,
	"permission" text NOT NULL,
	"token_hash" text NOT NULL,
	"secret_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "nightscout_documents" (
	"id" text NOT NULL,
	"patient_id" text NOT NULL,
	"collection" text NOT NULL,
	"seq" bigserial NOT NULL,
	"identifier" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"utc_offset_min" smallint NOT NULL,
	"dedup_key" text,
	"doc" jsonb NOT NULL,
	"srv_created" bigint NOT NULL,
	"srv_modified" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"subject" text,
	CONSTRAINT "nightscout_documents_patient_id_id_pk" PRIMARY KEY("patient_id","id")
);
--> statement-breakpoint
CREATE TABLE "oauth_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL,
	"client_id" text NOT NULL,
	"client_name" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scopes" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"grant_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"kind" text NOT NULL,
	"code_challenge" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "nightscout_credentials" ADD CONSTRAINT "nightscout_credentials_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nightscout_documents" ADD CONSTRAINT "nightscout_documents_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_grants" ADD CONSTRAINT "oauth_grants_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_grant_id_oauth_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."oauth_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ns_cred_token_uq" ON "nightscout_credentials" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ns_cred_secret_uq" ON "nightscout_credentials" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "ns_cred_patient_idx" ON "nightscout_credentials" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ns_doc_identifier_uq" ON "nightscout_documents" USING btree ("patient_id","collection","identifier");--> statement-breakpoint
CREATE INDEX "ns_doc_date_idx" ON "nightscout_documents" USING btree ("patient_id","collection","date");--> statement-breakpoint
CREATE INDEX "ns_doc_dedup_idx" ON "nightscout_documents" USING btree ("patient_id","collection","dedup_key");--> statement-breakpoint
CREATE INDEX "ns_doc_modified_idx" ON "nightscout_documents" USING btree ("patient_id","collection","srv_modified");--> statement-breakpoint
CREATE INDEX "oauth_grant_patient_idx" ON "oauth_grants" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "oauth_token_grant_idx" ON "oauth_tokens" USING btree ("grant_id");