import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MONITOR_POLL_TIMEOUT_MS } from '@cgm/domain';
import {
  API,
  routeOf,
  errorBody,
  monitorPollRequest,
  monitorPollResponse,
  monitorStatusQuery,
  monitorStatusResponse,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createMonitorService } from './monitor.service';
import { createWaitingRoom, type WaitingRoom } from './waiting-room';

declare module 'fastify' {
  interface FastifyInstance {
    monitorRoom: WaitingRoom;
  }
}

/** The server answers an idle poll a little before the client's 118 s timeout (spec §9), so the
 *  client sees an empty answer rather than an abort. */
export const POLL_WAIT_MS = MONITOR_POLL_TIMEOUT_MS - 8_000;

export function registerMonitorRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { pollWaitMs?: number } = {},
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const monitor = createMonitorService(ctx);
  const room = createWaitingRoom(ctx.bus, monitor.glucoseChange);
  app.decorate('monitorRoom', room);
  app.addHook('preClose', async () => room.closeAll());
  const tags = ['monitor'];
  const security = [{ bearer: [] }];
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

  r.get(
    routeOf(API.monitorStatus),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'monitor.view' } },
      schema: {
        tags,
        security,
        summary: "A patient's live status: sensor, pump/patch, and the last hours' chart",
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: monitorStatusQuery,
        response: { 200: monitorStatusResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      status: await monitor.status(requireActor(req), req.params.id, req.query.hours),
    }),
  );

  r.post(
    API.monitorData,
    {
      config: { access: { kind: 'signedIn', userTypes: ['P', 'M', 'D'] } },
      schema: {
        tags,
        security,
        summary:
          'Long poll: answers when a watched patient has data newer than eventNo, or empty after ~110 s',
        body: monitorPollRequest,
        response: { 200: monitorPollResponse, ...refusals },
      },
    },
    async (req, reply) => {
      const start = await monitor.startPoll(requireActor(req), req.body.uids, req.body.eventNo);
      if ('answer' in start) return start.answer;
      room.add(reply, start.wait, req.body.eventNo, opts.pollWaitMs ?? POLL_WAIT_MS, start.mayRead);
      return reply;
    },
  );
}
