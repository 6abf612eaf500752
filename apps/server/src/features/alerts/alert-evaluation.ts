import {
  alertConditions,
  nextTimedCondition,
  PUMP_ALARM_MAX_AGE_MS,
  type AlertCondition,
  type AlertInput,
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
import type { AlertSending } from './alert-sending';
import type { QuietPatients } from './alert-sweep';

// One evaluation of one patient: reads the data the domain's rules need, ends the episodes whose
// condition no longer holds for anyone, opens those that started, and hands each follower's
// condition to the sending step, which decides with the domain whether it is due.

const MIN = 60_000;
/** Readings read for the rate of change and the level (the rate uses 15 minutes of them). */
const READ_BACK_MS = 45 * MIN;

const keyOf = (c: { kind: string; episode: string }) => `${c.kind}|${c.episode}`;

export function createPatientEvaluation(
  ctx: AppContext,
  repos: AlertRepositories,
  sendIfDue: AlertSending['sendIfDue'],
  quiet: QuietPatients,
) {
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

  /** Evaluates the patient now; the engine keeps one evaluation of a patient at a time. */
  return async function evaluateNow(patientId: string): Promise<void> {
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
  };
}
