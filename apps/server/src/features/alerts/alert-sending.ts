import { alertStep, type AlertCondition, type AlertSettings, type FollowerAlertState } from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import { followersWhoMayBeAlerted } from '../../access/patient-data';
import type { AlertRepositories } from './alert-repositories';
import type { Episode } from './alert-episodes.repository';
import type { AlertSenders } from './alert-senders';
import { minuteOfDayIn } from './minute-of-day';

// The engine's sends: each raise or repeat is claimed by a conditional update before it is logged
// and delivered, so when several processes evaluate the same patient each send goes out once; a
// claim whose delivery never finished (a process stopped in between) is delivered again later.

const MIN = 60_000;

export function createAlertSending(ctx: AppContext, repos: AlertRepositories, senders: AlertSenders) {
  /** Claims one follower's send of one condition, logs it and delivers it; nothing when not due. */
  async function sendIfDue(
    patientId: string,
    patientName: string,
    f: { followerId: string; settings: AlertSettings },
    c: AlertCondition,
    e: Episode,
    read: FollowerAlertState | null,
    now: Date,
  ): Promise<void> {
    const t = now.getTime();
    const state: FollowerAlertState = {
      raisedAt: read?.raisedAt ?? null,
      lastSentAt: read?.lastSentAt ?? null,
      snoozedUntil: read?.snoozedUntil ?? null,
      acknowledgedAt: e.acknowledgedAt?.getTime() ?? null,
    };
    const step = alertStep(c, state, f.settings, t, minuteOfDayIn(t, f.settings.timeZone));
    if (!step.send) return;
    if (!(await repos.episodes.claimSend(e.id, f.followerId, state.lastSentAt, step.kind === 'raise', now)))
      return;
    await repos.log.append({
      patientId,
      episodeId: e.id,
      followerId: f.followerId,
      at: now,
      action: step.kind,
    });
    await senders.deliver(f.followerId, {
      patientId,
      patientName,
      episodeId: e.id,
      kind: c.kind,
      urgent: c.urgent,
      value: c.value,
    });
  }

  /** Raises and repeats logged without any delivery (a process stopped in between): at least once. */
  async function redeliver(): Promise<void> {
    const now = ctx.clock.now().getTime();
    // Claimed long enough ago that a delivery under way in another process is not doubled.
    const before = new Date(now - ctx.config.ALERT_REDELIVER_AFTER_MS);
    for (const row of await repos.log.undelivered(new Date(now - 30 * MIN), before)) {
      const e = await repos.episodes.episode(row.episode_id);
      if (!e || e.endedAt) continue;
      const allowed = await followersWhoMayBeAlerted(ctx.db, row.patient_id, [row.follower_id]);
      if (!allowed.has(row.follower_id)) continue;
      const patientName = (await repos.deliveries.names([row.patient_id])).get(row.patient_id) ?? '';
      await senders.deliver(row.follower_id, {
        patientId: row.patient_id,
        patientName,
        episodeId: e.id,
        kind: e.kind as AlertCondition['kind'],
        urgent: e.urgent,
        value: e.value,
      });
    }
  }

  return { sendIfDue, redeliver };
}

export type AlertSending = ReturnType<typeof createAlertSending>;
