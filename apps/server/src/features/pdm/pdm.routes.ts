import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  errorBody,
  pdmSettingsQuery,
  pdmSettingsResponse,
  routeOf,
  sessionsQuery,
  sessionsResponse,
  uid,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createPdmService } from './pdm.service';

/** PDM settings and sessions (spec §7 GET pdm/{id}/settings, pdm/{id}/sessions). */
export function registerPdmRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pdm = createPdmService(ctx);
  const tags = ['pdm'];
  const security = [{ bearer: [] }];
  const params = z.object({ id: uid });
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

  r.get(
    routeOf(API.pdmSettings),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'pdm.settings.view' } },
      schema: {
        tags,
        security,
        summary: "The patient's PDM settings: the latest, or those in force at `at`; settings null when none",
        params,
        querystring: pdmSettingsQuery,
        response: { 200: pdmSettingsResponse, ...refusals },
      },
    },
    async (req) => pdm.settings(requireActor(req), req.params.id, req.query.at),
  );

  r.get(
    routeOf(API.pdmSessions),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'pdm.sessions.view' } },
      schema: {
        tags,
        security,
        summary: 'Sensor and patch sessions, newest first; optionally those overlapping [from, to)',
        params,
        querystring: sessionsQuery,
        response: { 200: sessionsResponse, ...refusals },
      },
    },
    async (req) => pdm.sessions(requireActor(req), req.params.id, req.query.from, req.query.to),
  );
}
