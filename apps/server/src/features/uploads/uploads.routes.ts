import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, errorBody, routeOf, uid, uploadsQuery, uploadsResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createUploadsService } from './uploads.service';

/** The upload history of a patient's data. */
export function registerUploadsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploads = createUploadsService(ctx);

  r.get(
    routeOf(API.uploads),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'uploads.view' } },
      schema: {
        tags: ['uploads'],
        security: [{ bearer: [] }],
        summary:
          'Upload history, newest first: each batch, import or deletion with its source, device and counts',
        params: z.object({ id: uid }),
        querystring: uploadsQuery,
        response: { 200: uploadsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => uploads.list(requireActor(req), req.params.id, req.query.page, req.query.size),
  );
}
