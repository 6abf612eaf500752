import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  errorBody,
  monitorProfileResponse,
  monitorSettingsResponse,
  monitorSettingsUpdate,
  routeOf,
  uid,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createMonitorSettingsService } from './settings.service';

/** Monitor settings and the monitored patient's header (spec §3 "Settings", §7). */
export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = createMonitorSettingsService(ctx);
  const security = [{ bearer: [] }];
  const params = z.object({ id: uid });
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  r.get(
    routeOf(API.settings),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'settings.view' } },
      schema: {
        tags: ['settings'],
        security,
        summary: "A patient's monitor settings (mg/dL; the defaults until saved)",
        params,
        response: { 200: monitorSettingsResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, settings: await settings.get(requireActor(req), req.params.id) }),
  );

  r.post(
    routeOf(API.monitorSettings),
    {
      config: { access: { kind: 'patient', action: 'settings', op: 'settings.save' } },
      schema: {
        tags: ['settings'],
        security,
        summary: 'Save monitor settings (the patient or an accepted carer/HCP); lows clamped to 60–100 mg/dL',
        params,
        body: monitorSettingsUpdate,
        response: { 200: monitorSettingsResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      settings: await settings.save(requireActor(req), req.params.id, req.body),
    }),
  );

  r.get(
    routeOf(API.monitorProfile),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'monitorProfile.view' } },
      schema: {
        tags: ['monitor'],
        security,
        summary: "The monitored patient's name, alias, gender, diabetes type, age and settings",
        params,
        response: { 200: monitorProfileResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, profile: await settings.profile(requireActor(req), req.params.id) }),
  );
}
