import { and, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { unknownLoginAttempts } from '../platform/db/schema';
import type { Clock } from '../platform/lib/clock';
import { failedTryWindowStart } from '../accounts/failed-tries';
import { runEvery } from '../platform/lib/every';

export const UNKNOWN_LOGIN_PURGE_INTERVAL_MS = 3600_000;

/**
 * Deletes the tries at user names without an account that no longer count: the last one is older
 * than the window (accounts/failed-tries.ts) and no lock is running. Such a row answers exactly
 * as no row does, so nothing a signing-in person sees changes; without the purge every name ever
 * tried (a credential-stuffing list) would stay for good. Idempotent, so several server processes
 * may run it at once. Returns how many rows went.
 */
export async function purgeStaleUnknownLogins(db: Db, now: Date): Promise<number> {
  const t = unknownLoginAttempts;
  const gone = await db
    .delete(t)
    .where(
      and(lte(t.updatedAt, failedTryWindowStart(now)), or(isNull(t.lockedUntil), lte(t.lockedUntil, now))),
    )
    .returning({ hash: t.usernameHash });
  return gone.length;
}

/** Runs the purge now and then hourly in the server process; a failed run is retried at the next tick. */
export function startUnknownLoginPurgeJob(
  deps: { db: Db; clock: Clock; log: { error: (o: object, m: string) => void } },
  everyMs = UNKNOWN_LOGIN_PURGE_INTERVAL_MS,
): () => void {
  return runEvery(
    everyMs,
    () => purgeStaleUnknownLogins(deps.db, deps.clock.now()),
    (err) => deps.log.error({ err }, 'purge of unknown sign-in names failed'),
  );
}
