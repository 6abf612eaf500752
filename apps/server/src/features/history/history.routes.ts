import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, errorBody, hcpHistoryQuery, hcpHistoryResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createHistoryService } from './history.service';

/** The HCP operation history (spec §2 /HcpOperationHistory). */
export function registerHistoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const history = createHistoryService(ctx);

  r.get(
    API.hcpHistory,
    {
      config: { access: { kind: 'hcpWork' } },
      schema: {
        tags: ['care team'],
        security: [{ bearer: [] }],
        summary:
          "The caller's operation history, and for a group manager the group members' too; newest first, " +
          'filtered by patient, member, [from, to) and action',
        querystring: hcpHistoryQuery,
        response: { 200: hcpHistoryResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => history.list(requireActor(req), req.query),
  );
}
