import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  routeOf,
  ok,
  activeAlertsResponse,
  alertActionRequest,
  alertSnoozeRequest,
} from '@cgm/contract';
import { requireActor } from '../../platform/http/auth';
import {
  params,
  refusals,
  security,
  settingsAccess,
  signedIn,
  tags,
  type AlertRouteDeps,
} from './alert-route-parts';

/** Alerts that stand now: acknowledging one for everyone, snoozing it for oneself, the in-app banner. */
export function registerActiveAlertsRoutes(app: FastifyInstance, { alerts }: AlertRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routeOf(API.alertAcknowledge),
    {
      config: { access: settingsAccess },
      schema: {
        tags,
        security,
        summary: 'Acknowledges an alert for every follower',
        params,
        body: alertActionRequest,
        response: { 200: ok, ...refusals },
      },
    },
    async (req) => {
      await alerts.acknowledge(requireActor(req), req.params.id, req.body.episodeId);
      return { error: 0 as const };
    },
  );

  r.post(
    routeOf(API.alertSnooze),
    {
      config: { access: settingsAccess },
      schema: {
        tags,
        security,
        summary: 'Snoozes an alert for the caller (urgent low: 30 minutes at most)',
        params,
        body: alertSnoozeRequest,
        response: { 200: ok, ...refusals },
      },
    },
    async (req) => {
      await alerts.snooze(requireActor(req), req.params.id, req.body.episodeId, req.body.minutes);
      return { error: 0 as const };
    },
  );

  r.get(
    API.alertsActive,
    {
      config: { access: signedIn },
      schema: {
        tags,
        security,
        summary: "The caller's alerts that stand now (the in-app banner)",
        response: { 200: activeAlertsResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, alerts: await alerts.active(requireActor(req)) }),
  );
}
