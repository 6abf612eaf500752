import {
  alertConditions,
  alertStep,
  nextTimedCondition,
  PUMP_ALARM_MAX_AGE_MS,
  type AlertCondition,
  type AlertInput,
  type AlertSettings,
  type FollowerAlertState,
} from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import {
  latestGlucose,
  readDataOptions,
  readGlucoseRecords,
  sourceFilter,
  type OptionRange,
} from '../../patient-data';
import { followersWhoMayBeAlerted } from '../../access/patient-data';
import type { AlertRepositories } from './alert-repositories';
import type { Episode } from './alert-episodes.repository';
import type { AlertSenders } from './alert-senders';

// Evaluates a patient's follower alerts (issue 16): after every "patient data changed" event and on
// a timer (no data, expiry, quiet hours ending, urgent repeats). The rules are the domain's; this
// reads the data, keeps the episodes and each follower's state in the database, and sends what the
// domain says is due. Several processes may evaluate the same patient at once: every send is
// claimed by a conditional update first, so each is sent once.

const MIN = 60_000;
/** Patients evaluated side by side by the timer's round. */
const SWEEP_CONCURRENCY = 4;
/** The timer looks at every watched patient at least this often. */
const FULL_CHECK_MS = 5 * MIN;
/** Full checks per timer round at most (the rest wait for the next rounds). */
const FULL_CHECKS_PER_ROUND = 250;
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

export function createAlertEngine(ctx: AppContext, repos: AlertRepositories, senders: AlertSenders) {
  async function inputOf(patientId: string, now: number, options: OptionRange[]): Promise<AlertInput> {
    // The patient's data options decide which source counts, as on the monitor and the reports: an
    // uploader's readings do not raise (or end) an alert where the patient chose the realtime app.
    const sensor = sourceFilter(options, 'cgms');
    const [records, latest, sessions, pumpAlarms] = await Promise.all([
      readGlucoseRecords(ctx.db, patientId, now - READ_BACK_MS, now + 1, sensor),
      latestGlucose(ctx.db, patientId, sensor, now),
      repos.sources.openSessions(patientId, options),
      repos.sources.recentPumpAlarms(patientId, now - PUMP_ALARM_MAX_AGE_MS, options),
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
      if (await repos.episodes.endEpisode(e.id, now)) {
        await repos.log.append({ patientId, episodeId: e.id, followerId: null, at: now, action: 'end' });
      }
    }
  }

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

  async function evaluateNow(patientId: string): Promise<void> {
    const now = ctx.clock.now();
    const t = now.getTime();
    // One small statement first: most changes are of patients nobody asked to be alerted about.
    if (!(await repos.settings.anythingToEvaluate(patientId))) return;
    const [subscribers, open, options] = await Promise.all([
      repos.settings.subscribers(patientId),
      repos.episodes.openEpisodes(patientId),
      readDataOptions(ctx.db, patientId),
    ]);
    // Consent is asked at every evaluation: a follower whose connection ended is alerted no more.
    const allowed = await followersWhoMayBeAlerted(
      ctx.db,
      patientId,
      subscribers.map((s) => s.followerId),
    );
    const followers = subscribers.filter((s) => allowed.has(s.followerId));
    if (!followers.length && !open.length) {
      quiet.set(patientId, { until: Infinity, checkedAt: t });
      return;
    }
    const input = await inputOf(patientId, t, options);
    const perFollower = followers.map((f) => ({ ...f, conditions: alertConditions(input, f.settings) }));
    const holding = new Map<string, AlertCondition>();
    for (const f of perFollower) for (const c of f.conditions) holding.set(keyOf(c), c);
    await endGone(patientId, open, new Set(holding.keys()), now);
    if (!holding.size) {
      const next = nextTimedCondition(
        input,
        followers.map((f) => f.settings),
      );
      quiet.set(patientId, { until: next ?? Infinity, checkedAt: t });
      return;
    }
    quiet.delete(patientId);

    const [opened, names] = await Promise.all([
      Promise.all(
        [...holding].map(
          async ([key, c]) => [key, await repos.episodes.openEpisode(patientId, c, now)] as const,
        ),
      ),
      repos.deliveries.names([patientId]),
    ]);
    const episodes = new Map(opened);
    const states = await repos.episodes.followerStates([...episodes.values()].map((e) => e.id));
    const patientName = names.get(patientId) ?? '';
    // Followers are alerted side by side: one slow push service does not hold up the others.
    await Promise.all(
      perFollower.flatMap((f) =>
        f.conditions.map((c) => {
          const e = episodes.get(keyOf(c))!;
          const read = states.get(`${e.id}|${f.followerId}`) ?? null;
          return sendIfDue(patientId, patientName, f, c, e, read, now);
        }),
      ),
    );
  }

  /**
   * Patients with no alert standing after their last evaluation here, and when a condition could
   * next start without new data (the domain's nextTimedCondition): the timer leaves them alone till
   * then. New data is evaluated as it arrives (every process hears every change), settings changes
   * evaluate at once, and each patient is looked at in full every FULL_CHECK_MS whatever the cache
   * says (a change this process did not hear of, such as a connection accepted again).
   */
  const quiet = new Map<string, { until: number; checkedAt: number }>();

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
    const t = ctx.clock.now().getTime();
    // Patients whose next timed condition may have come (or unknown here) first; then, a bounded
    // number per round, the oldest of the full checks, so a round stays short and a no-data alert
    // is never queued behind them.
    const due: string[] = [];
    const stale: Array<{ id: string; checkedAt: number }> = [];
    for (const id of await repos.settings.watchedPatients()) {
      const q = quiet.get(id);
      if (!q || q.until <= t) due.push(id);
      else if (t - q.checkedAt >= FULL_CHECK_MS) stale.push({ id, checkedAt: q.checkedAt });
    }
    stale.sort((a, b) => a.checkedAt - b.checkedAt);
    const patients = [...due, ...stale.slice(0, FULL_CHECKS_PER_ROUND).map((x) => x.id)];
    // A few patients at a time: a round over thousands must end well within the no-data target
    // (60 s), and most of an evaluation is waiting on the database.
    let next = 0;
    const worker = async () => {
      while (next < patients.length) await evaluate(patients[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(SWEEP_CONCURRENCY, patients.length) }, worker));
    await redeliver();
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
