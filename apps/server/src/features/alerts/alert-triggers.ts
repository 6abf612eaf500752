import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { AlertEngine } from './alert-engine';

/**
 * What wakes the engine: every "patient data changed" event, and every change of who may see the
 * patient or of which data counts ('access'); and the timer, once the app is ready. Failures are
 * logged, never thrown at the bus. On close both stop and running evaluations are awaited.
 */
export function startAlertTriggers(app: FastifyInstance, ctx: AppContext, engine: AlertEngine): void {
  // A write that found nobody to alert about the patient says so (patient-data alertsWatchedSql).
  const stop = ctx.bus.subscribeAll((patientId, _eventNo, _kind, _change, facts) => {
    if (facts?.alertsWatched === false) return;
    engine.evaluate(patientId).catch((err: unknown) => app.log.error({ err }, 'alert evaluation failed'));
  });
  // The no-data alert must go out within 60 s of its threshold: the timer runs every 20 s by default.
  const sweepMs = ctx.config.ALERT_SWEEP_MS;
  let timer: NodeJS.Timeout | null = null;
  if (sweepMs > 0) {
    app.addHook('onReady', async () => {
      // A round that outlasts the interval is not joined by a second one running beside it.
      let sweeping = false;
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        engine
          .sweep()
          .catch((err: unknown) => app.log.error({ err }, 'alert sweep failed'))
          .finally(() => (sweeping = false));
      }, sweepMs);
      timer.unref();
    });
  }
  app.addHook('preClose', async () => {
    stop();
    if (timer) clearInterval(timer);
    await engine.idle();
  });
}
