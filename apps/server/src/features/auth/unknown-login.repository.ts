import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { sha256 } from '../../platform/lib/crypto';
import { failedTryWindowStart } from '../../accounts/failed-tries';

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/**
 * Tries at a user name that has no account, counted exactly as an account's are
 * (accounts/users.repository.ts `claimAttempt`, the window of accounts/failed-tries.ts): one atomic statement claims a
 * try unless the name is locked or every try is taken. Only the name's SHA-256 is stored; a row quiet
 * for longer than the window is purged (jobs/unknown-login-purge.ts).
 */
export function createUnknownLoginRepository(db: Db) {
  return {
    /** The try's number, or null while the name is locked (or its last tries are being checked). */
    async claimAttempt(username: string, max: number, now: Date): Promise<number | null> {
      const stale = failedTryWindowStart(now);
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`
          insert into unknown_login_attempts (username_hash, failed_attempts, updated_at)
          values (${sha256(username)}, 1, ${now})
          on conflict (username_hash) do update
            set failed_attempts = case when unknown_login_attempts.updated_at <= ${stale} then 1
                                       else unknown_login_attempts.failed_attempts + 1 end,
                updated_at = excluded.updated_at
          where (unknown_login_attempts.locked_until is null or unknown_login_attempts.locked_until <= ${now})
            and (unknown_login_attempts.failed_attempts < ${max} or unknown_login_attempts.updated_at <= ${stale})
          returning failed_attempts as n`),
      );
      return rows[0] ? Number(rows[0].n) : null;
    },

    async lock(username: string, until: Date, now: Date): Promise<void> {
      await db.execute(sql`
        update unknown_login_attempts set locked_until = ${until}, failed_attempts = 0, updated_at = ${now}
         where username_hash = ${sha256(username)}`);
    },

    async lockedUntil(username: string): Promise<Date | null> {
      const rows = rowsOf<{ locked_until: Date | string | null }>(
        await db.execute(sql`
          select locked_until from unknown_login_attempts where username_hash = ${sha256(username)}`),
      );
      const v = rows[0]?.locked_until;
      return v ? new Date(v) : null;
    },
  };
}
