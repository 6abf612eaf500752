import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, routeOf, ok, alertFollowerStopRequest, alertFollowersResponse } from '@cgm/contract';
import { requireActor } from '../../platform/http/auth';
import { params, refusals, security, tags, type AlertRouteDeps } from './alert-route-parts';

/** The patient's side: who is alerted about them, and stopping (or allowing again) one of them. */
export function registerAlertFollowersRoutes(app: FastifyInstance, { alerts }: AlertRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routeOf(API.alertFollowers),
    {
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary: 'Who is alerted about the patient (the patient only)',
        params,
        response: { 200: alertFollowersResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      followers: await alerts.followers(requireActor(req), req.params.id),
    }),
  );

  r.post(
    routeOf(API.alertFollowers),
    {
      config: { access: { kind: 'patient', action: 'own' } },
      schema: {
        tags,
        security,
        summary: "Stops (or allows again) one follower's alerts",
        params,
        body: alertFollowerStopRequest,
        response: { 200: ok, ...refusals },
      },
    },
    async (req) => {
      await alerts.stopFollower(requireActor(req), req.params.id, req.body.followerId, req.body.stopped);
      return { error: 0 as const };
    },
  );
}
