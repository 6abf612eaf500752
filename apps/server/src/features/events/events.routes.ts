import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  errorBody,
  eventEditResponse,
  eventInput,
  eventsDeleteRequest,
  eventsDeleteResponse,
  eventsNewRequest,
  eventsNewResponse,
  eventsQuery,
  eventsResponse,
  routeOf,
  uid,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { callSite } from '../../access/operation-history';
import { createEventsService } from './events.service';
import { BODY_LIMITS } from '../../platform/http/body-limits';

/** A patient's events (spec §3 "Events", §7 events/{id}, /data/new, /data/delete, /data/{eid}). */
export function registerEventsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createEventsService(ctx);
  const tags = ['events'];
  const security = [{ bearer: [] }];
  const params = z.object({ id: uid });
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  r.get(
    routeOf(API.events),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'events.view' } },
      schema: {
        tags,
        security,
        summary: "A patient's events, newest first (default the last 14 days; at most 90 days)",
        params,
        querystring: eventsQuery,
        response: { 200: eventsResponse, ...refusals },
      },
    },
    async (req) => service.list(requireActor(req), req.params.id, req.query),
  );

  r.post(
    routeOf(API.eventsNew),
    {
      config: { access: { kind: 'patient', action: 'clinical', op: 'events.add', recordedBy: 'service' } },
      bodyLimit: BODY_LIMITS.clinicalBatch,
      schema: {
        tags,
        security,
        summary: 'Add events (all or none); BG in the given unit, stored in mg/dL; notes ≤ 1000 characters',
        params,
        body: eventsNewRequest,
        response: { 200: eventsNewResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      eids: await service.add(requireActor(req), req.params.id, req.body.data, callSite(req)),
    }),
  );

  r.post(
    routeOf(API.eventsDelete),
    {
      config: { access: { kind: 'patient', action: 'clinical', op: 'events.delete', recordedBy: 'service' } },
      schema: {
        tags,
        security,
        summary: 'Delete events people entered (all or none); device events cannot be deleted (403)',
        params,
        body: eventsDeleteRequest,
        response: { 200: eventsDeleteResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      deleted: await service.remove(requireActor(req), req.params.id, req.body.eids, callSite(req)),
    }),
  );

  r.post(
    '/api/v2.0/events/:id/data/:eid',
    {
      config: { access: { kind: 'patient', action: 'clinical', op: 'events.edit', recordedBy: 'service' } },
      schema: {
        tags,
        security,
        summary: 'Change an event a person entered; device events cannot be changed (403)',
        params: z.object({ id: uid, eid: z.string().min(1).max(64) }),
        body: eventInput,
        response: { 200: eventEditResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      event: await service.edit(requireActor(req), req.params.id, req.params.eid, req.body, callSite(req)),
    }),
  );
}
