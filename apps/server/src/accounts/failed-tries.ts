/**
 * Wrong passwords count toward the lock (LOGIN_MAX_ATTEMPTS) only within a day of the previous one:
 * a try after a longer pause starts the count afresh. The same rule for an account and for a user
 * name without one (unknown-login.repository.ts), so both answer alike, and a name's row that has
 * been quiet that long (and is not locked) behaves exactly like no row: the purge
 * (jobs/unknown-login-purge.ts) removes it without changing any answer.
 */
export const FAILED_TRY_WINDOW_MS = 24 * 3600_000;

/** Tries counted at or before this instant are stale: the next one is the first again. */
export const failedTryWindowStart = (now: Date): Date => new Date(now.getTime() - FAILED_TRY_WINDOW_MS);
