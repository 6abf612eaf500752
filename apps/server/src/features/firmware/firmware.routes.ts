import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  errorBody,
  firmwareCreateRequest,
  firmwareEditRequest,
  firmwareHistoryQuery,
  firmwareHistoryResponse,
  firmwareListQuery,
  firmwareListResponse,
  firmwareResponse,
  firmwareStateRequest,
  routeOf,
  uid,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createFirmwareService } from './firmware.service';
import { BODY_LIMITS } from '../../platform/http/body-limits';

/**
 * Firmware releases (spec §2 /otamanagement, /otamanagementHistory): every account admin reads the
 * releases of their scope; only the super admin creates, edits and moves them (docs/ADMIN-SCREENS.md).
 */
export function registerFirmwareRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const firmware = createFirmwareService(ctx);
  const tags = ['operations'];
  const security = [{ bearer: [] }];
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };
  const params = z.object({ id: uid });

  r.get(
    API.opsFirmware,
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags,
        security,
        summary: 'Firmware releases, newest first',
        querystring: firmwareListQuery,
        response: { 200: firmwareListResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, ...(await firmware.list(requireActor(req), req.query)) }),
  );

  r.get(
    API.opsFirmwareHistory,
    {
      config: { access: { kind: 'accountAdmin' } },
      schema: {
        tags,
        security,
        summary: "Changes of firmware releases from the admin history (one release's, or all)",
        querystring: firmwareHistoryQuery,
        response: { 200: firmwareHistoryResponse, ...refusals, 404: errorBody },
      },
    },
    async (req) => ({ error: 0 as const, ...(await firmware.history(requireActor(req), req.query)) }),
  );

  r.post(
    API.opsFirmware,
    {
      config: { access: { kind: 'accountAdmin', superOnly: true } },
      bodyLimit: BODY_LIMITS.firmware,
      schema: {
        tags,
        security,
        summary: 'Create a firmware release (a draft)',
        body: firmwareCreateRequest,
        response: { 200: firmwareResponse, ...refusals, 409: errorBody },
      },
    },
    async (req) => ({
      error: 0 as const,
      release: await firmware.create(requireActor(req), req.body, req.ip),
    }),
  );

  r.post(
    routeOf(API.opsFirmwareRelease),
    {
      config: { access: { kind: 'accountAdmin', superOnly: true } },
      bodyLimit: BODY_LIMITS.firmware,
      schema: {
        tags,
        security,
        summary: "Edit a release's notes and targets (not once completed or withdrawn)",
        params,
        body: firmwareEditRequest,
        response: { 200: firmwareResponse, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => ({
      error: 0 as const,
      release: await firmware.edit(requireActor(req), req.params.id, req.body, req.ip),
    }),
  );

  r.post(
    routeOf(API.opsFirmwareState),
    {
      config: { access: { kind: 'accountAdmin', superOnly: true } },
      schema: {
        tags,
        security,
        summary:
          'Move the rollout state: draft → rolling_out ⇄ paused → completed; any but completed → withdrawn',
        params,
        body: firmwareStateRequest,
        response: { 200: firmwareResponse, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => ({
      error: 0 as const,
      release: await firmware.move(requireActor(req), req.params.id, req.body.state, req.ip),
    }),
  );
}
