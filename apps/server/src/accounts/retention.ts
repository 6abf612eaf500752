import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { siteOfCountry } from '@cgm/domain';
import type { Db } from '../platform/db/client';
import { users } from '../platform/db/schema';
import { deletePersonalData } from '../platform/db/personal-data';
import type { Clock } from '../platform/lib/clock';
import { runEvery } from '../platform/lib/every';

/**
 * The retention rule of spec §1 ("Data stored on the European server is kept 2 years", §9 "EU data
 * retention 2 years"): a deleted account's data on the EU server (sites 'eu' and 'france') is kept
 * two years after the deletion and then removed; elsewhere (the China site) it is removed at once.
 */
export const RETENTION_YEARS = 2;
export const RETENTION_INTERVAL_MS = 3600_000;
/** One advisory-lock key for the job, so only one server process purges at a time. */
const LOCK_KEY = 0x43_47_4d_52; // "CGMR"
const BATCH = 200;

/** True when a deleted account of this country keeps its data for the retention period. */
export function keepsDataAfterDeletion(country: string): boolean {
  return siteOfCountry(country) !== 'china';
}

/** Deleted at or before this instant: the retention period is over (calendar years, UTC). */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION_YEARS);
  return cutoff;
}

/** Removes an account for good: its health and device data, its connections, then the row itself
 *  (profile, sessions, codes and applications go with it by cascade). Runs inside `tx`. */
export async function purgeAccount(tx: Db, userId: string): Promise<void> {
  await deletePersonalData(tx, userId);
  await tx.delete(users).where(eq(users.id, userId));
}

/**
 * Purges every account whose retention period is over. Safe with several server processes: the
 * work runs under a transaction-scoped advisory lock (a second process finds it taken and skips),
 * and the deletes are idempotent besides. Returns how many accounts were purged.
 */
export async function purgeExpiredAccounts(db: Db, now: Date): Promise<number> {
  const cutoff = retentionCutoff(now);
  let total = 0;
  for (;;) {
    const purged = await db.transaction(async (tx) => {
      const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`);
      const got = (lock as unknown as { rows: Array<{ ok: boolean }> }).rows[0]?.ok;
      if (!got) return -1;
      const due = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(isNotNull(users.deletedAt), lte(users.deletedAt, cutoff)))
        .orderBy(asc(users.deletedAt))
        .limit(BATCH);
      for (const row of due) await purgeAccount(tx, row.id);
      return due.length;
    });
    if (purged <= 0) return total;
    total += purged;
    if (purged < BATCH) return total;
  }
}

/**
 * Runs the purge now and then hourly inside the server process. Returns the stop function. A failed
 * run is logged and retried at the next tick: nothing is lost by waiting an hour.
 */
export function startRetentionJob(
  deps: {
    db: Db;
    clock: Clock;
    log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void };
  },
  everyMs = RETENTION_INTERVAL_MS,
): () => void {
  return runEvery(
    everyMs,
    async () => {
      const n = await purgeExpiredAccounts(deps.db, deps.clock.now());
      if (n > 0) deps.log.info({ purged: n }, 'retention: deleted accounts purged');
    },
    (err) => deps.log.error({ err }, 'retention job failed'),
  );
}
