import type { AppContext } from '../../platform/context';
import type { AlertRepositories } from './alert-repositories';

// The engine's timer round: no data, expiry, quiet hours ending and urgent repeats happen without
// any new data, so every watched patient is looked at again; then lost deliveries are sent again.

const MIN = 60_000;
/** Patients evaluated side by side by the timer's round. */
const SWEEP_CONCURRENCY = 4;
/** The timer looks at every watched patient at least this often. */
const FULL_CHECK_MS = 5 * MIN;
/** Full checks per timer round at most (the rest wait for the next rounds). */
const FULL_CHECKS_PER_ROUND = 250;

/**
 * Patients with no alert standing after their last evaluation here, and when a condition could
 * next start without new data (the domain's nextTimedCondition): the timer leaves them alone till
 * then. New data is evaluated as it arrives (every process hears every change), settings changes
 * evaluate at once, and each patient is looked at in full every FULL_CHECK_MS whatever the cache
 * says (a change this process did not hear of, such as a connection accepted again).
 */
export type QuietPatients = Map<string, { until: number; checkedAt: number }>;

export function createAlertSweep(
  ctx: AppContext,
  repos: AlertRepositories,
  quiet: QuietPatients,
  evaluate: (patientId: string) => Promise<void>,
  redeliver: () => Promise<void>,
) {
  /** The timer's round: every watched patient (no data, expiry, repeats), then lost deliveries. */
  return async function sweep(): Promise<void> {
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
  };
}
