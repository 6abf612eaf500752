import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, dataDeleteRequest, dataDeleteResponse, errorBody } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createDataDeleteService } from './data-delete.service';

/** Deleting data (spec §7 POST data/delete). */
export function registerDataDeleteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createDataDeleteService(ctx);

  r.post(
    API.dataDelete,
    {
      config: { access: { kind: 'signedIn', userTypes: ['P'] } },
      schema: {
        tags: ['data'],
        security: [{ bearer: [] }],
        summary:
          "Delete the chosen kinds of the patient's data in [from, to) from the chosen source (the patient only; confirm: true)",
        body: dataDeleteRequest,
        response: { 200: dataDeleteResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => service.delete(requireActor(req), req.body),
  );
}
