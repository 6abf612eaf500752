import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { createAlertRepositories } from './alert-repositories';
import { createAlertSenders } from './alert-senders';
import { createAlertEngine, type AlertEngine } from './alert-engine';
import { createAlertsService } from './alerts.service';
import { startAlertTriggers } from './alert-triggers';
import type { AlertRouteDeps } from './alert-route-parts';
import { registerAlertSettingsRoutes } from './alert-settings.routes';
import { registerAlertFollowersRoutes } from './alert-followers.routes';
import { registerAlertHistoryRoutes } from './alert-history.routes';
import { registerActiveAlertsRoutes } from './active-alerts.routes';
import { registerPushSubscriptionsRoutes } from './push-subscriptions.routes';

declare module 'fastify' {
  interface FastifyInstance {
    alertEngine: AlertEngine;
  }
}

/**
 * The follower alerts (issue 16): one engine per app, woken by data changes and its timer, and the
 * routes of each area, all sharing that engine's service and senders.
 */
export function registerAlertsRoutes(app: FastifyInstance, ctx: AppContext) {
  const repos = createAlertRepositories(ctx.db);
  const senders = createAlertSenders(ctx, repos);
  const engine = createAlertEngine(ctx, repos, senders);
  const deps: AlertRouteDeps = { alerts: createAlertsService(ctx, repos, engine), senders };
  app.decorate('alertEngine', engine);
  startAlertTriggers(app, ctx, engine);

  registerAlertSettingsRoutes(app, deps);
  registerAlertFollowersRoutes(app, deps);
  registerAlertHistoryRoutes(app, deps);
  registerActiveAlertsRoutes(app, deps);
  registerPushSubscriptionsRoutes(app, deps);
}
