import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@cgm/domain';
import {
  API,
  errorBody,
  patchResultsQuery,
  patchResultsReport,
  patchResultsReportResponse,
  patchResultsResponse,
} from '@cgm/contract';
import type { AppContext } from '../../context';
import { bearerToken, requireActor } from '../../http/auth';
import { ApiError } from '../../http/api-error';
import { createDevicesService, type DeviceIdentity } from '../ingest/devices.service';
import { createPatchResultsService } from './patch-results.service';

/** Patch-app results (spec §2 /EasyPatchResult): reported with a device token, searched by admins. */
export function registerPatchResultsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const devicesService = createDevicesService(ctx);
  const service = createPatchResultsService(ctx);
  const devicesOf = new WeakMap<FastifyRequest, DeviceIdentity>();
  const security = [{ bearer: [] }];

  r.post(
    API.patchResults,
    {
      config: { access: { kind: 'device' } },
      // As for the ingest: the device token is checked before the body is read, so a caller
      // without one learns nothing about the format (docs/PERMISSIONS.md).
      onRequest: async (req) => {
        const token = bearerToken(req);
        const device = token ? await devicesService.resolve(token) : null;
        if (!device) throw new ApiError(ErrorCode.UNAUTHORIZED);
        // Only the patch app tests patches: a sensor app's or PDM's token reports none.
        if (!(await service.isPatchApp(device))) throw new ApiError(ErrorCode.FORBIDDEN);
        devicesOf.set(req, device);
      },
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
    async (req) => {
      const device = devicesOf.get(req);
      if (!device) throw new ApiError(ErrorCode.UNAUTHORIZED);
      return service.report(device, req.body);
    },
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
