import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AlertCondition, FollowerAlertState } from '@cgm/domain';
import type { Db } from '../../platform/db/client';
import { alertEpisodes, alertFollowerState } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';

// SQL of alert episodes and of each follower's state in them. Claims are conditional updates: of
// several processes evaluating the same change, exactly one sees its claim succeed and sends
// (issue 16 "evaluated once").

const ms = (d: Date | null) => (d === null ? null : d.getTime());

export type Episode = typeof alertEpisodes.$inferSelect;

export function createAlertEpisodesRepository(db: Db) {
  return {
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
  };
}

export type AlertEpisodesRepository = ReturnType<typeof createAlertEpisodesRepository>;
