import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  errorBody,
  patchResultsQuery,
  patchResultsReport,
  patchResultsReportResponse,
  patchResultsResponse,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { requireDevice } from '../../access/device-token';
import { createPatchResultsService } from './patch-results.service';

/** Patch-app results (spec §2 /EasyPatchResult): reported with a device token, searched by admins. */
export function registerPatchResultsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createPatchResultsService(ctx);
  const security = [{ bearer: [] }];

  r.post(
    API.patchResults,
    {
      // Only the patch app tests patches: a sensor app's or PDM's token reports none (403).
      config: { access: { kind: 'device', only: 'patch_app' } },
      schema: {
        tags: ['devices'],
        security,
        summary: 'The patch app reports activation and self-test results by patch serial',
        description:
          'Authenticate with the device token of a patch app (Authorization: Bearer); other device ' +
          'apps are refused (403). A result already stored (same serial, kind and reported time) is ' +
          'counted as a duplicate and not stored again.',
        body: patchResultsReport,
        response: { 200: patchResultsReportResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => service.report(requireDevice(req), req.body),
  );

  r.get(
    API.opsPatchResults,
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags: ['operations'],
        security,
        summary: 'Search patch results by serial, kind, result, date range and country, newest first',
        querystring: patchResultsQuery,
        response: { 200: patchResultsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => service.search(requireActor(req), req.query),
  );
}
