import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  deviceRegisterRequest,
  deviceRegisterResponse,
  errorBody,
  ingestRequest,
  ingestResponse,
  ok,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { sendJsonText } from '../../platform/http/json-text';
import { deviceNoLongerActive, requireDevice } from '../../access/device-token';
import { createDevicesService } from './devices.service';
import { createIngestService, type IngestOutcome } from './ingest.service';
import { DeviceNotActiveError } from '../../patient-data';

/** Batches of up to 10,000 records of ~200 bytes: a larger body limit than the rest of the API. */
export const INGEST_BODY_LIMIT = 8 * 1024 * 1024;

export function registerIngestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const devicesService = createDevicesService(ctx);
  const ingestService = createIngestService(ctx);
  const tags = ['devices'];
  const security = [{ bearer: [] }];

  r.post(
    API.devices,
    {
      config: { access: { kind: 'signedIn', userTypes: ['P'] } },
      schema: {
        tags,
        security,
        summary: 'A patient registers a device app (sensor app, patch app, PDM) and gets its token',
        body: deviceRegisterRequest,
        response: { 200: deviceRegisterResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => devicesService.register(requireActor(req), req.body),
  );

  r.get(
    API.devices,
    {
      config: { access: { kind: 'signedIn', userTypes: ['P'] } },
      schema: {
        tags,
        security,
        summary: "The patient's registered device apps",
        response: {
          200: z.object({
            error: z.literal(0),
            devices: z.array(
              z.object({
                device_id: z.string(),
                kind: z.string(),
                serial: z.string(),
                name: z.string().nullable(),
                created_at: z.string(),
                last_seen_at: z.string().nullable(),
              }),
            ),
          }),
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (req) => ({ error: 0 as const, devices: await devicesService.list(requireActor(req)) }),
  );

  r.post(
    `${API.devices}/:deviceId/revoke`,
    {
      config: { access: { kind: 'signedIn', userTypes: ['P'] } },
      schema: {
        tags,
        security,
        summary: "Revoke a device app's token",
        params: z.object({ deviceId: z.string().min(1).max(64) }),
        response: { 200: ok, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      await devicesService.revoke(requireActor(req), req.params.deviceId);
      return { error: 0 as const };
    },
  );

  r.post(
    API.ingest,
    {
      // The write confirms the device again (appendRecords' checkDevice): a cached token will do.
      config: { access: { kind: 'device', recheckedOnWrite: true } },
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Realtime ingest from a device app: a batch of records of any type',
        description:
          'Authenticate with the device token (Authorization: Bearer). Each record is identified by ' +
          '(serial, type, seq): resending a batch after a lost reply stores nothing twice, late ' +
          '(backfilled) records are accepted, and a malformed record is rejected with its reason ' +
          'while the good records of the same batch are stored. The reply comes after the batch is durable. ' +
          'Raw pump fields are decoded first (spec §9): insulin on board above 100 and above 500 and bolus ' +
          'amounts above 327.67 are read as wrapped negative values, and a record may give its time-zone ' +
          'offset in hours (utc_offset_hours) instead of minutes.',
        body: ingestRequest,
        response: { 200: ingestResponse, 400: errorBody, 401: errorBody, 413: errorBody },
      },
    },
    async (req, reply) => {
      let out: IngestOutcome;
      try {
        out = await ingestService.ingest(requireDevice(req), req.body.records);
      } catch (e) {
        // The token was taken from the cache; the write found the device revoked or its account closed.
        if (!(e instanceof DeviceNotActiveError)) throw e;
        throw deviceNoLongerActive(ctx, req);
      }
      // The service's own counts and problems, typed as ingestResponse: sent as JSON text, not
      // checked against the schema again for every upload of every device (a tenth of its time).
      const answer: z.infer<typeof ingestResponse> = out;
      return sendJsonText(reply, JSON.stringify(answer));
    },
  );
}
