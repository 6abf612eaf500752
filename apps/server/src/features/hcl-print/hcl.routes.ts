import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, errorBody, hclQuery, hclResponse, routeOf } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createHclService } from './hcl.service';

/** The printable hybrid-closed-loop summary (spec §2 /HCLprint): account admins, patients in scope. */
export function registerHclPrintRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hcl = createHclService(ctx);

  r.get(
    routeOf(API.opsHcl),
    {
      // The service writes the read to the admin history itself: `:id` may be a username, and the
      // history's subject must be the patient's id.
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags: ['operations'],
        security: [{ bearer: [] }],
        summary:
          "A patient's (by id or username) auto-mode (hybrid closed loop) summary over at most 90 local days",
        params: z.object({ id: z.string().min(1).max(254) }),
        querystring: hclQuery,
        response: { 200: hclResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (req) => ({
      error: 0 as const,
      report: await hcl.report(requireActor(req), req.params.id, req.query, req.ip),
    }),
  );
}
