import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AlertCondition, AlertSettings, FollowerAlertState } from '@cgm/domain';
import type { Db } from '../../platform/db/client';
import { executePrepared } from '../../platform/db/prepared';
import {
  alarms,
  alertEpisodes,
  alertFollowerState,
  alertLog,
  alertSettings,
  deviceSessions,
  profiles,
  pushSubscriptions,
  users,
} from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';
import { alertsWatchedSql, sourcePredicate, type OptionRange } from '../../patient-data';

// SQL of the follower alerts. Claims are conditional updates: of several processes evaluating the
// same change, exactly one sees its claim succeed and sends (issue 16 "evaluated once").

const HOUR = 3_600_000;
const ms = (d: Date | null) => (d === null ? null : d.getTime());

export type Episode = typeof alertEpisodes.$inferSelect;

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

export function createAlertsRepository(db: Db) {
  return {
    async settingsOf(patientId: string, followerId: string) {
      const rows = await db
        .select()
        .from(alertSettings)
        .where(and(eq(alertSettings.patientId, patientId), eq(alertSettings.followerId, followerId)));
      return rows[0] ?? null;
    },

    async saveSettings(patientId: string, followerId: string, settings: AlertSettings, now: Date) {
      await db
        .insert(alertSettings)
        .values({ patientId, followerId, settings, updatedAt: now })
        .onConflictDoUpdate({
          target: [alertSettings.patientId, alertSettings.followerId],
          set: { settings, updatedAt: now },
        });
    },

    async removeSettings(patientId: string, followerId: string) {
      await db
        .delete(alertSettings)
        .where(
          and(
            eq(alertSettings.patientId, patientId),
            eq(alertSettings.followerId, followerId),
            eq(alertSettings.stoppedByPatient, false),
          ),
        );
    },

    async setStopped(patientId: string, followerId: string, stopped: boolean) {
      const res = await db
        .update(alertSettings)
        .set({ stoppedByPatient: stopped })
        .where(and(eq(alertSettings.patientId, patientId), eq(alertSettings.followerId, followerId)))
        .returning({ id: alertSettings.followerId });
      return res.length > 0;
    },

    /** Everyone who asked to be alerted about the patient and was not stopped by the patient. */
    async subscribers(patientId: string) {
      const rows = await db
        .select({ followerId: alertSettings.followerId, settings: alertSettings.settings })
        .from(alertSettings)
        .where(and(eq(alertSettings.patientId, patientId), eq(alertSettings.stoppedByPatient, false)));
      return rows.map((r) => ({ followerId: r.followerId, settings: r.settings as AlertSettings }));
    },

    async followersOf(patientId: string) {
      return db
        .select({
          uid: alertSettings.followerId,
          stoppedByPatient: alertSettings.stoppedByPatient,
          realname: profiles.realname,
          alias: profiles.alias,
        })
        .from(alertSettings)
        .leftJoin(profiles, eq(profiles.userId, alertSettings.followerId))
        .where(eq(alertSettings.patientId, patientId));
    },

    /**
     * Whether anyone asked to be alerted about the patient or an episode of theirs is still open:
     * one small statement, asked on every change of the patient's data whose write did not already
     * answer it (alerts.routes.ts).
     */
    async anythingToEvaluate(patientId: string): Promise<boolean> {
      const res = await executePrepared(db, sql`select ${alertsWatchedSql(patientId)} as any`);
      return Boolean((res as { rows?: Array<{ any: boolean }> }).rows?.[0]?.any);
    },

    /** Patients whose alerts anyone follows (the no-data timer walks them). */
    async watchedPatients(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: alertSettings.patientId })
        .from(alertSettings)
        .where(eq(alertSettings.stoppedByPatient, false));
      return rows.map((r) => r.id);
    },

    /** Expiry of the open sensor and patch, each of the source the data options let count. */
    async openSessions(patientId: string, options: readonly OptionRange[]) {
      const rows = await db
        .select()
        .from(deviceSessions)
        .where(
          and(
            eq(deviceSessions.patientId, patientId),
            isNull(deviceSessions.endedAt),
            sql`((${deviceSessions.kind} = 'sensor' and ${sourcePredicate(options, 'cgms', 'started_at')})
              or (${deviceSessions.kind} = 'patch' and ${sourcePredicate(options, 'pump', 'started_at')}))`,
          ),
        )
        .orderBy(desc(deviceSessions.startedAt));
      const end = (kind: 'sensor' | 'patch') => {
        const s = rows.find((r) => r.kind === kind);
        return s ? s.startedAt.getTime() + s.ratedLifeHours * HOUR : null;
      };
      return { sensorExpiresAt: end('sensor'), patchExpiresAt: end('patch') };
    },

    async recentPumpAlarms(patientId: string, since: number, options: readonly OptionRange[]) {
      const rows = await db
        .select()
        .from(alarms)
        .where(
          and(
            eq(alarms.patientId, patientId),
            eq(alarms.deviceSource, 'pump'),
            gte(alarms.time, new Date(since)),
            sourcePredicate(options, 'pump', 'time'),
          ),
        );
      return rows.map((r) => ({
        id: `${r.serial}:${r.seq}`,
        time: r.time.getTime(),
        code: r.code,
        clearedAt: ms(r.clearedAt),
      }));
    },

    async openEpisodes(patientId: string): Promise<Episode[]> {
      return db
        .select()
        .from(alertEpisodes)
        .where(and(eq(alertEpisodes.patientId, patientId), isNull(alertEpisodes.endedAt)));
    },

    /** Opens the episode unless one is open; returns the open one either way. */
    async openEpisode(patientId: string, c: AlertCondition, now: Date): Promise<Episode> {
      await db.execute(sql`insert into alert_episodes (id, patient_id, kind, episode, urgent, value, started_at)
        values (${newId()}, ${patientId}, ${c.kind}, ${c.episode}, ${c.urgent}, ${c.value}, ${now})
        on conflict (patient_id, kind, episode) where ended_at is null do nothing`);
      const rows = await db
        .select()
        .from(alertEpisodes)
        .where(
          and(
            eq(alertEpisodes.patientId, patientId),
            eq(alertEpisodes.kind, c.kind),
            eq(alertEpisodes.episode, c.episode),
            isNull(alertEpisodes.endedAt),
          ),
        );
      return rows[0]!;
    },

    /** Ends the episode; true for the one caller that ended it. */
    async endEpisode(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(alertEpisodes)
        .set({ endedAt: now })
        .where(and(eq(alertEpisodes.id, id), isNull(alertEpisodes.endedAt)))
        .returning({ id: alertEpisodes.id });
      return rows.length > 0;
    },

    async followerStates(episodeIds: string[]) {
      if (!episodeIds.length) return new Map<string, FollowerAlertState>();
      const rows = await db
        .select()
        .from(alertFollowerState)
        .where(inArray(alertFollowerState.episodeId, episodeIds));
      return new Map(
        rows.map((r) => [
          `${r.episodeId}|${r.followerId}`,
          {
            raisedAt: ms(r.raisedAt),
            lastSentAt: ms(r.lastSentAt),
            snoozedUntil: ms(r.snoozedUntil),
            acknowledgedAt: null,
          } satisfies FollowerAlertState,
        ]),
      );
    },

    /**
     * Claims one send: succeeds only if the follower's state is still what the evaluation read
     * (`lastSentAt` as read), so concurrent evaluations send it once.
     */
    async claimSend(
      episodeId: string,
      followerId: string,
      readLastSentAt: number | null,
      raise: boolean,
      now: Date,
    ): Promise<boolean> {
      if (readLastSentAt === null) {
        const res =
          await db.execute(sql`insert into alert_follower_state (episode_id, follower_id, raised_at, last_sent_at)
          values (${episodeId}, ${followerId}, ${now}, ${now})
          on conflict (episode_id, follower_id) do update set raised_at = ${now}, last_sent_at = ${now}
          where alert_follower_state.last_sent_at is null
          returning episode_id`);
        return ((res as { rows?: unknown[] }).rows ?? []).length > 0;
      }
      const rows = await db
        .update(alertFollowerState)
        .set(raise ? { raisedAt: now, lastSentAt: now } : { lastSentAt: now })
        .where(
          and(
            eq(alertFollowerState.episodeId, episodeId),
            eq(alertFollowerState.followerId, followerId),
            eq(alertFollowerState.lastSentAt, new Date(readLastSentAt)),
          ),
        )
        .returning({ id: alertFollowerState.episodeId });
      return rows.length > 0;
    },

    async log(entry: LogEntry) {
      await db.insert(alertLog).values(logRow(entry));
    },

    /** Several rows in one statement, in order. */
    async logMany(entries: LogEntry[]) {
      await db.insert(alertLog).values(entries.map(logRow));
    },

    async episode(id: string) {
      const rows = await db.select().from(alertEpisodes).where(eq(alertEpisodes.id, id));
      return rows[0] ?? null;
    },

    async acknowledge(id: string, by: string, now: Date) {
      await db
        .update(alertEpisodes)
        .set({ acknowledgedAt: now, acknowledgedBy: by })
        .where(eq(alertEpisodes.id, id));
    },

    async snooze(episodeId: string, followerId: string, until: Date) {
      await db
        .insert(alertFollowerState)
        .values({ episodeId, followerId, snoozedUntil: until })
        .onConflictDoUpdate({
          target: [alertFollowerState.episodeId, alertFollowerState.followerId],
          set: { snoozedUntil: until },
        });
    },

    /** The caller's alerted, open episodes (consent is checked by the service per patient). */
    async activeFor(followerId: string) {
      return db
        .select({ e: alertEpisodes, s: alertFollowerState })
        .from(alertFollowerState)
        .innerJoin(alertEpisodes, eq(alertEpisodes.id, alertFollowerState.episodeId))
        .where(and(eq(alertFollowerState.followerId, followerId), isNull(alertEpisodes.endedAt)));
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

    async names(ids: string[]) {
      if (!ids.length) return new Map<string, string>();
      const rows = await db
        .select({ id: profiles.userId, realname: profiles.realname, alias: profiles.alias })
        .from(profiles)
        .where(inArray(profiles.userId, ids));
      return new Map(rows.map((r) => [r.id, r.alias || r.realname]));
    },

    async subscriptionsOf(userId: string) {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    async addSubscription(userId: string, endpoint: string, p256dh: string, auth: string, now: Date) {
      await db
        .insert(pushSubscriptions)
        .values({ endpoint, userId, p256dh, auth, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh, auth, failures: 0 },
        });
    },

    async removeSubscription(userId: string, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async subscriptionFailed(endpoint: string, gone: boolean) {
      if (gone) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
      else
        await db
          .update(pushSubscriptions)
          .set({ failures: sql`${pushSubscriptions.failures} + 1` })
          .where(eq(pushSubscriptions.endpoint, endpoint));
    },

    async contactOf(userId: string) {
      const rows = await db
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      return rows[0] ?? null;
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
