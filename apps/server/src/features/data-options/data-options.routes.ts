import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, dataOptionsRequest, dataOptionsResponse, errorBody, routeOf, uid } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createDataOptionsService } from './data-options.service';

/** Data options (spec §7 GET, POST options/{id}/data). */
export function registerDataOptionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = createDataOptionsService(ctx);
  const tags = ['data options'];
  const security = [{ bearer: [] }];
  const params = z.object({ id: uid });
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

  r.get(
    routeOf(API.dataOptions),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'dataOptions.view' } },
      schema: {
        tags,
        security,
        summary: "A patient's data options: which source feeds sensor and pump data over which time",
        params,
        response: { 200: dataOptionsResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, options: await options.get(requireActor(req), req.params.id) }),
  );

  r.post(
    routeOf(API.dataOptions),
    {
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary: 'Replace the data options (the patient only); overlapping time ranges give error 34',
        params,
        body: dataOptionsRequest,
        response: { 200: dataOptionsResponse, 409: errorBody, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      options: await options.save(requireActor(req), req.params.id, req.body),
    }),
  );
}
