import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, routeOf, ok, alertSettingsRequest, alertSettingsResponse } from '@cgm/contract';
import { requireActor } from '../../platform/http/auth';
import { params, refusals, security, settingsAccess, tags, type AlertRouteDeps } from './alert-route-parts';

/** A follower's alert settings for one patient: read, and turn on (with settings) or off. */
export function registerAlertSettingsRoutes(app: FastifyInstance, { alerts }: AlertRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routeOf(API.alertSettings),
    {
      config: { access: settingsAccess },
      schema: {
        tags,
        security,
        summary: "The caller's alert settings for a patient",
        params,
        response: { 200: alertSettingsResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, ...(await alerts.settings(requireActor(req), req.params.id)) }),
  );

  r.post(
    routeOf(API.alertSettings),
    {
      config: { access: settingsAccess },
      schema: {
        tags,
        security,
        summary: 'Turns the caller’s alerts for a patient on or off, with their settings',
        params,
        body: alertSettingsRequest,
        response: { 200: ok, ...refusals },
      },
    },
    async (req) => {
      await alerts.saveSettings(requireActor(req), req.params.id, req.body.on, req.body.settings);
      return { error: 0 as const };
    },
  );
}
