import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, routeOf, alertHistoryQuery, alertHistoryResponse } from '@cgm/contract';
import { requireActor } from '../../platform/http/auth';
import { params, refusals, security, tags, type AlertRouteDeps } from './alert-route-parts';

/** A patient's alert history: alerts, acknowledgements, snoozes and delivery attempts. */
export function registerAlertHistoryRoutes(app: FastifyInstance, { alerts }: AlertRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routeOf(API.alertHistory),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'alerts.history' } },
      schema: {
        tags,
        security,
        summary:
          'Alerts, acknowledgements and delivery attempts of [from_ms, to_ms) (≤ 92 days), else of the last 30 days',
        params,
        querystring: alertHistoryQuery,
        response: { 200: alertHistoryResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      entries: await alerts.history(requireActor(req), req.params.id, req.query),
    }),
  );
}
