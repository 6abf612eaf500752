import type { z } from 'zod';
import {
  alertSettingsProblems,
  defaultAlertSettings,
  ErrorCode,
  snoozeUntil,
  type AlertKind,
  type AlertSettings,
} from '@cgm/domain';
import type { ActiveAlert, AlertHistoryEntry, AlertHistoryQuery, alertSettingsBody } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { ApiError } from '../../platform/http/api-error';
import {
  assertAlertsNotStopped,
  assertMayAccessPatient,
  followersWhoMayBeAlerted,
} from '../../access/patient-data';
import type { AlertRepositories } from './alert-repositories';
import type { AlertEngine } from './alert-engine';

// Use cases of the follower alerts (issue 16). Each call asks the policy first; the settings are
// checked by the domain's limits before anything is stored.

const HISTORY_DAYS = 30;

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function createAlertsService(ctx: AppContext, repos: AlertRepositories, engine: AlertEngine) {
  async function openEpisodeOf(patientId: string, episodeId: string) {
    const e = await repos.episodes.episode(episodeId);
    // Another patient's episode answers as a missing one: ids do not cross patients.
    if (!e || e.patientId !== patientId || e.endedAt) throw new ApiError(ErrorCode.NOT_FOUND);
    return e;
  }

  return {
    async settings(actor: Actor, patientId: string) {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'settings');
      const row = await repos.settings.settingsOf(patientId, actor.userId);
      return {
        on: !!row && !row.stoppedByPatient,
        stoppedByPatient: row?.stoppedByPatient ?? false,
        settings: (row?.settings as AlertSettings | undefined) ?? defaultAlertSettings('mg/dL'),
      };
    },

    async saveSettings(
      actor: Actor,
      patientId: string,
      on: boolean,
      settings: z.infer<typeof alertSettingsBody>,
    ) {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'settings');
      const problems = alertSettingsProblems(settings);
      if (!validTimeZone(settings.timeZone)) problems.push('alerts.problem.timeZone');
      if (problems.length)
        throw new ApiError(ErrorCode.INVALID_INPUT, {
          details: problems.map((message) => ({ path: 'settings', message })),
        });
      assertAlertsNotStopped(await repos.settings.settingsOf(patientId, actor.userId));
      if (on) await repos.settings.saveSettings(patientId, actor.userId, settings, ctx.clock.now());
      else await repos.settings.removeSettings(patientId, actor.userId);
      if (on) await engine.evaluate(patientId);
    },

    /** The patient's view: who asked to be alerted, and whether the patient stopped them. */
    async followers(actor: Actor, patientId: string) {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'own');
      const rows = await repos.settings.followersOf(patientId);
      return rows
        .filter((r) => r.uid !== patientId)
        .map((r) => ({
          uid: r.uid,
          name: r.alias || r.realname || '',
          on: !r.stoppedByPatient,
          stoppedByPatient: r.stoppedByPatient,
        }));
    },

    async stopFollower(actor: Actor, patientId: string, followerId: string, stopped: boolean) {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'own');
      if (!(await repos.settings.setStopped(patientId, followerId, stopped)))
        throw new ApiError(ErrorCode.NOT_FOUND);
    },

    async acknowledge(actor: Actor, patientId: string, episodeId: string) {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'settings');
      await openEpisodeOf(patientId, episodeId);
      const now = ctx.clock.now();
      await repos.episodes.acknowledge(episodeId, actor.userId, now);
      await repos.log.append({
        patientId,
        episodeId,
        followerId: actor.userId,
        at: now,
        action: 'acknowledge',
      });
    },

    async snooze(actor: Actor, patientId: string, episodeId: string, minutes: number) {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'settings');
      const e = await openEpisodeOf(patientId, episodeId);
      const now = ctx.clock.now();
      const until = snoozeUntil({ kind: e.kind as AlertKind }, now.getTime(), minutes);
      await repos.episodes.snooze(episodeId, actor.userId, new Date(until));
      await repos.log.append({
        patientId,
        episodeId,
        followerId: actor.userId,
        at: now,
        action: 'snooze',
        detail: String(until),
      });
    },

    /** The caller's alerts that stand now, over every patient whose consent still lets them be alerted. */
    async active(actor: Actor): Promise<ActiveAlert[]> {
      const rows = await repos.episodes.activeFor(actor.userId);
      const now = ctx.clock.now().getTime();
      const byPatient = new Map<string, boolean>();
      for (const r of rows) {
        if (!byPatient.has(r.e.patientId)) {
          const ok = await followersWhoMayBeAlerted(ctx.db, r.e.patientId, [actor.userId]);
          byPatient.set(r.e.patientId, ok.has(actor.userId));
        }
      }
      const shown = rows.filter(
        (r) =>
          byPatient.get(r.e.patientId) &&
          r.s.raisedAt !== null &&
          !(r.s.snoozedUntil && r.s.snoozedUntil.getTime() > now),
      );
      const names = await repos.deliveries.names([
        ...new Set(
          shown.flatMap((r) => [r.e.patientId, ...(r.e.acknowledgedBy ? [r.e.acknowledgedBy] : [])]),
        ),
      ]);
      return shown.map((r) => ({
        episodeId: r.e.id,
        patient: { uid: r.e.patientId, name: names.get(r.e.patientId) ?? '' },
        kind: r.e.kind as AlertKind,
        urgent: r.e.urgent,
        value: r.e.value,
        startedAt: r.e.startedAt.getTime(),
        lastSentAt: r.s.lastSentAt?.getTime() ?? null,
        acknowledgedAt: r.e.acknowledgedAt?.getTime() ?? null,
        acknowledgedBy: r.e.acknowledgedBy ? (names.get(r.e.acknowledgedBy) ?? '') : null,
      }));
    },

    /**
     * Every alert, acknowledgement, snooze and delivery attempt of the range (the alerts report's),
     * else of the last 30 days; newest first.
     */
    async history(
      actor: Actor,
      patientId: string,
      range: AlertHistoryQuery = {},
    ): Promise<AlertHistoryEntry[]> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const now = ctx.clock.now().getTime();
      const since = new Date(range.from_ms ?? now - HISTORY_DAYS * 86_400_000);
      const until = new Date(range.to_ms ?? now + 1);
      const rows = await repos.log.history(patientId, since, until);
      const names = await repos.deliveries.names([
        ...new Set(rows.flatMap((r) => (r.l.followerId ? [r.l.followerId] : []))),
      ]);
      return rows.map((r) => ({
        at: r.l.at.getTime(),
        kind: r.kind as AlertKind,
        episodeId: r.l.episodeId ?? '',
        action: r.l.action as AlertHistoryEntry['action'],
        follower: r.l.followerId ? (names.get(r.l.followerId) ?? '') : null,
        channel: (r.l.channel as AlertHistoryEntry['channel']) ?? null,
        outcome: r.l.outcome,
        value: r.value,
      }));
    },

    async subscribe(actor: Actor, endpoint: string, p256dh: string, auth: string) {
      await repos.deliveries.addSubscription(actor.userId, endpoint, p256dh, auth, ctx.clock.now());
    },

    async unsubscribe(actor: Actor, endpoint: string) {
      await repos.deliveries.removeSubscription(actor.userId, endpoint);
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
