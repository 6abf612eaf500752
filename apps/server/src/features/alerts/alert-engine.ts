import type { AppContext } from '../../platform/context';
import type { AlertRepositories } from './alert-repositories';
import type { AlertSenders } from './alert-senders';
import { createPatientEvaluation } from './alert-evaluation';
import { createAlertSending } from './alert-sending';
import { createAlertSweep, type QuietPatients } from './alert-sweep';

// Evaluates a patient's follower alerts (issue 16): after every "patient data changed" event and on
// a timer (no data, expiry, quiet hours ending, urgent repeats). The rules are the domain's; this
// reads the data, keeps the episodes and each follower's state in the database, and sends what the
// domain says is due. Several processes may evaluate the same patient at once: every send is
// claimed by a conditional update first, so each is sent once.
// The parts: one patient's evaluation (alert-evaluation.ts), the claimed sends and redeliveries
// (alert-sending.ts), the timer's round (alert-sweep.ts); here, one evaluation of a patient at a time.

export function createAlertEngine(ctx: AppContext, repos: AlertRepositories, senders: AlertSenders) {
  const quiet: QuietPatients = new Map();
  const sending = createAlertSending(ctx, repos, senders);
  const evaluateNow = createPatientEvaluation(ctx, repos, sending.sendIfDue, quiet);

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

  const sweep = createAlertSweep(ctx, repos, quiet, evaluate, sending.redeliver);

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
