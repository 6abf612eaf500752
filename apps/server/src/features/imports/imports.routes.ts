import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, exportQuery, importRequest, importResponse, NS_API, routeOf, uid } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { createImportsService } from './imports.service';

/** A 90-day Clarity export is a few MB; JSON exports of a year somewhat more. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

export function registerImportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createImportsService(ctx);
  const tags = ['imports'];
  const security = [{ bearer: [] }];
  const params = z.object({ id: uid });
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

  r.post(
    routeOf(NS_API.imports),
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary:
          'Import a Dexcom Clarity CSV, LibreView CSV, Nightscout or Tidepool JSON export (twice adds nothing)',
        params,
        body: importRequest,
        response: { 200: importResponse, 413: errorBody, ...refusals },
      },
    },
    async (req) => svc.import(req.params.id, req.body),
  );

  r.get(
    routeOf(NS_API.exports),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'data.export' } },
      schema: {
        tags,
        security,
        summary: "Export a patient's data for a range as CSV or as Nightscout-shaped JSON",
        params,
        querystring: exportQuery,
        response: { ...refusals, 200: z.string().describe('The file (text/csv or application/json)') },
      },
    },
    async (req, reply) => {
      const file = await svc.export(req.params.id, req.query);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
}
