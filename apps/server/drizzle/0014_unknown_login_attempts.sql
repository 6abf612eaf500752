-- Sign-in tries at user names that have no account (issue 15, finding 11): counted and locked like an
-- account's, so the login's answer (9 with the tries left, then 62) is the same whether the account
-- exists or not. Keyed by the SHA-256 of the normalised user name; nothing else is kept.
CREATE TABLE IF NOT EXISTS "unknown_login_attempts" (
	"username_hash" text PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
