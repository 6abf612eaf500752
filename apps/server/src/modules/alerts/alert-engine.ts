import {
  alertConditions,
  alertStep,
  PUMP_ALARM_MAX_AGE_MS,
  type AlertCondition,
  type AlertInput,
  type FollowerAlertState,
} from '@cgm/domain';
import type { AppContext } from '../../context';
import { latestGlucose, readDataOptions, readGlucoseRecords, sourceFilter } from '../../patient-data';
import { followersWhoMayBeAlerted } from '../../policy/patient-data';
import type { AlertsRepository, Episode } from './alerts.repository';
import type { AlertSenders } from './alert-senders';

// Evaluates a patient's follower alerts (issue 16): after every "patient data changed" event and on
// a timer (no data, expiry, quiet hours ending, urgent repeats). The rules are the domain's; this
// reads the data, keeps the episodes and each follower's state in the database, and sends what the
// domain says is due. Several processes may evaluate the same patient at once: every send is
// claimed by a conditional update first, so each is sent once.

const MIN = 60_000;
/** Readings read for the rate of change and the level (the rate uses 15 minutes of them). */
const READ_BACK_MS = 45 * MIN;

const keyOf = (c: { kind: string; episode: string }) => `${c.kind}|${c.episode}`;

/** Minutes after local midnight in `timeZone` (UTC when the zone is unknown). */
export function minuteOfDayIn(timeMs: number, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(timeMs);
  } catch {
    const d = new Date(timeMs);
    return d.getUTCHours() * 60 + d.getUTCMinutes();
  }
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return n('hour') * 60 + n('minute');
}

export function createAlertEngine(ctx: AppContext, repo: AlertsRepository, senders: AlertSenders) {
  async function inputOf(patientId: string, now: number): Promise<AlertInput> {
    // The patient's data options decide which source counts, as on the monitor and the reports: an
    // uploader's readings do not raise (or end) an alert where the patient chose the realtime app.
    const options = await readDataOptions(ctx.db, patientId);
    const sensor = sourceFilter(options, 'cgms');
    const [records, latest, sessions, pumpAlarms] = await Promise.all([
      readGlucoseRecords(ctx.db, patientId, now - READ_BACK_MS, now + 1, sensor),
      latestGlucose(ctx.db, patientId, sensor, now),
      repo.openSessions(patientId, options),
      repo.recentPumpAlarms(patientId, now - PUMP_ALARM_MAX_AGE_MS, options),
    ]);
    return {
      now,
      readings: records.map((r) => ({ time: r.time, mgdl: r.mgdl, flag: r.quality })),
      lastReadingTime: latest?.time ?? null,
      ...sessions,
      pumpAlarms,
    };
  }

  async function endGone(patientId: string, open: Episode[], holding: Set<string>, now: Date) {
    for (const e of open) {
      if (holding.has(keyOf(e))) continue;
      if (await repo.endEpisode(e.id, now)) {
        await repo.log({ patientId, episodeId: e.id, followerId: null, at: now, action: 'end' });
      }
    }
  }

  async function evaluateNow(patientId: string): Promise<void> {
    const now = ctx.clock.now();
    const t = now.getTime();
    const subscribers = await repo.subscribers(patientId);
    // Consent is asked at every evaluation: a follower whose connection ended is alerted no more.
    const allowed = await followersWhoMayBeAlerted(
      ctx.db,
      patientId,
      subscribers.map((s) => s.followerId),
    );
    const followers = subscribers.filter((s) => allowed.has(s.followerId));
    const open = await repo.openEpisodes(patientId);
    if (!followers.length && !open.length) return;
    const input = await inputOf(patientId, t);
    const perFollower = followers.map((f) => ({ ...f, conditions: alertConditions(input, f.settings) }));
    const holding = new Map<string, AlertCondition>();
    for (const f of perFollower) for (const c of f.conditions) holding.set(keyOf(c), c);
    await endGone(patientId, open, new Set(holding.keys()), now);
    if (!holding.size) return;

    const episodes = new Map<string, Episode>();
    for (const [key, c] of holding) episodes.set(key, await repo.openEpisode(patientId, c, now));
    const states = await repo.followerStates([...episodes.values()].map((e) => e.id));
    const patientName = (await repo.names([patientId])).get(patientId) ?? '';

    for (const f of perFollower) {
      for (const c of f.conditions) {
        const e = episodes.get(keyOf(c))!;
        const read = states.get(`${e.id}|${f.followerId}`) ?? null;
        const state: FollowerAlertState = {
          raisedAt: read?.raisedAt ?? null,
          lastSentAt: read?.lastSentAt ?? null,
          snoozedUntil: read?.snoozedUntil ?? null,
          acknowledgedAt: e.acknowledgedAt?.getTime() ?? null,
        };
        const step = alertStep(c, state, f.settings, t, minuteOfDayIn(t, f.settings.timeZone));
        if (!step.send) continue;
        if (!(await repo.claimSend(e.id, f.followerId, state.lastSentAt, step.kind === 'raise', now)))
          continue;
        await repo.log({ patientId, episodeId: e.id, followerId: f.followerId, at: now, action: step.kind });
        await senders.deliver(f.followerId, {
          patientId,
          patientName,
          episodeId: e.id,
          kind: c.kind,
          urgent: c.urgent,
          value: c.value,
        });
      }
    }
  }

  // One evaluation of a patient at a time in this process; a change that arrives meanwhile is
  // evaluated once more after it (never skipped, never run twice in parallel here).
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  function evaluate(patientId: string): Promise<void> {
    const current = running.get(patientId);
    if (current) {
      again.add(patientId);
      return current;
    }
    const run = (async () => {
      try {
        do {
          again.delete(patientId);
          await evaluateNow(patientId);
        } while (again.has(patientId));
      } finally {
        running.delete(patientId);
      }
    })();
    running.set(patientId, run);
    return run;
  }

  /** The timer's round: every watched patient (no data, expiry, repeats), then lost deliveries. */
  async function sweep(): Promise<void> {
    for (const patientId of await repo.watchedPatients()) await evaluate(patientId);
    await redeliver();
  }

  /** Raises and repeats logged without any delivery (a process stopped in between): at least once. */
  async function redeliver(): Promise<void> {
    const now = ctx.clock.now().getTime();
    // Claimed long enough ago that a delivery under way in another process is not doubled.
    const before = new Date(now - ctx.config.ALERT_REDELIVER_AFTER_MS);
    for (const row of await repo.undelivered(new Date(now - 30 * MIN), before)) {
      const e = await repo.episode(row.episode_id);
      if (!e || e.endedAt) continue;
      const allowed = await followersWhoMayBeAlerted(ctx.db, row.patient_id, [row.follower_id]);
      if (!allowed.has(row.follower_id)) continue;
      const patientName = (await repo.names([row.patient_id])).get(row.patient_id) ?? '';
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

  /**
   * Resolves when every evaluation started so far has finished. The bus wakes its listeners on the
   * turn after a publish (live-bus.ts), so one turn is let pass first: a change published just
   * before is being evaluated by then.
   */
  const idle = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([...running.values()]);
  };
  return { evaluate, sweep, idle };
}

export type AlertEngine = ReturnType<typeof createAlertEngine>;
