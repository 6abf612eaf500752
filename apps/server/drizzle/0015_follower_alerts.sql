-- Follower alerts (issue 16): settings per follower and patient, episodes of each condition with
-- their shared acknowledgement, each follower's state per episode, the history of every alert and
-- delivery attempt, and the browsers' Web Push subscriptions. State in the database, so alerts
-- survive a restart and several server processes evaluate and send each one once.
CREATE TABLE IF NOT EXISTS "alert_settings" (
	"patient_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"follower_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"settings" jsonb NOT NULL,
	"stopped_by_patient" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("patient_id", "follower_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alert_settings_follower_idx" ON "alert_settings" ("follower_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "alert_episodes" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"episode" text NOT NULL,
	"urgent" boolean NOT NULL,
	"value" double precision,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "alert_episodes_open_uq" ON "alert_episodes" ("patient_id", "kind", "episode") WHERE ended_at is null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alert_episodes_patient_idx" ON "alert_episodes" ("patient_id", "started_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "alert_follower_state" (
	"episode_id" text NOT NULL REFERENCES "alert_episodes"("id") ON DELETE cascade,
	"follower_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"raised_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"snoozed_until" timestamp with time zone,
	PRIMARY KEY ("episode_id", "follower_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "alert_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"patient_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"episode_id" text REFERENCES "alert_episodes"("id") ON DELETE cascade,
	"follower_id" text REFERENCES "users"("id") ON DELETE set null,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"channel" text,
	"outcome" text,
	"detail" text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alert_log_patient_idx" ON "alert_log" ("patient_id", "at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "push_subscriptions" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");
