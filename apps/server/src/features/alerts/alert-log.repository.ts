import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { alertEpisodes, alertLog } from '../../platform/db/schema';

// SQL of the alert log: every raise, repeat, end, acknowledgement, snooze and delivery step, the
// history followers read and the record of which deliveries never finished.

interface LogEntry {
  patientId: string;
  episodeId: string | null;
  followerId: string | null;
  at: Date;
  action: string;
  channel?: string | null;
  outcome?: string | null;
  detail?: string | null;
}
const logRow = (entry: LogEntry) => ({
  ...entry,
  channel: entry.channel ?? null,
  outcome: entry.outcome ?? null,
  detail: entry.detail ?? null,
});

export function createAlertLogRepository(db: Db) {
  return {
    /** One row at the end of the log. */
    async append(entry: LogEntry) {
      await db.insert(alertLog).values(logRow(entry));
    },

    /** Several rows in one statement, in order. */
    async appendMany(entries: LogEntry[]) {
      await db.insert(alertLog).values(entries.map(logRow));
    },

    async history(patientId: string, since: Date, until: Date) {
      return db
        .select({ l: alertLog, kind: alertEpisodes.kind, value: alertEpisodes.value })
        .from(alertLog)
        .innerJoin(alertEpisodes, eq(alertEpisodes.id, alertLog.episodeId))
        .where(
          and(
            eq(alertLog.patientId, patientId),
            gte(alertLog.at, since),
            lt(alertLog.at, until),
            // The end of a condition nobody was alerted to (switched off for every follower, or
            // snoozed or quiet throughout) is not history anyone saw.
            sql`not (${alertLog.action} = 'end' and not exists (select 1 from alert_log r
              where r.episode_id = ${alertLog.episodeId} and r.action = 'raise'))`,
          ),
        )
        .orderBy(desc(alertLog.at), desc(alertLog.id))
        .limit(2000);
    },

    /**
     * Raises and repeats whose delivery never finished: a process stopped in between. A delivery has
     * finished when its push went out or its e-mail step was logged (senders log the in-app row
     * first, so that row alone proves nothing).
     */
    async undelivered(since: Date, before: Date) {
      const res = await db.execute(sql`select l.id, l.patient_id, l.episode_id, l.follower_id from alert_log l
        where l.action in ('raise', 'repeat') and l.at >= ${since} and l.at < ${before}
          and not exists (select 1 from alert_log d where d.action = 'deliver' and d.episode_id = l.episode_id
            and d.follower_id = l.follower_id and d.at >= l.at
            and (d.channel = 'email' or (d.channel = 'push' and d.outcome = 'sent')))`);
      return ((res as { rows?: unknown[] }).rows ?? []) as Array<{
        id: number;
        patient_id: string;
        episode_id: string;
        follower_id: string;
      }>;
    },
  };
}

export type AlertLogRepository = ReturnType<typeof createAlertLogRepository>;
