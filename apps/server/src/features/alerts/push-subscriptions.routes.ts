import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, ok, pushKeyResponse, pushSubscriptionRequest, pushUnsubscribeRequest } from '@cgm/contract';
import { requireActor } from '../../platform/http/auth';
import { refusals, security, signedIn, tags, type AlertRouteDeps } from './alert-route-parts';

/** Web Push: the server's public key, and storing or forgetting a browser's subscription. */
export function registerPushSubscriptionsRoutes(
  app: FastifyInstance,
  { alerts, senders }: AlertRouteDeps,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API.pushKey,
    {
      config: { access: signedIn },
      schema: {
        tags,
        security,
        summary: "The server's VAPID public key (RFC 8292)",
        response: { 200: pushKeyResponse, ...refusals },
      },
    },
    async () => ({ error: 0 as const, publicKey: (await senders.vapidKeys()).publicKey }),
  );

  r.post(
    API.pushSubscriptions,
    {
      config: { access: signedIn },
      schema: {
        tags,
        security,
        summary: "Stores this browser's Web Push subscription",
        body: pushSubscriptionRequest,
        response: { 200: ok, ...refusals },
      },
    },
    async (req) => {
      await alerts.subscribe(requireActor(req), req.body.endpoint, req.body.keys.p256dh, req.body.keys.auth);
      return { error: 0 as const };
    },
  );

  r.delete(
    API.pushSubscriptions,
    {
      config: { access: signedIn },
      schema: {
        tags,
        security,
        summary: "Forgets this browser's Web Push subscription",
        body: pushUnsubscribeRequest,
        response: { 200: ok, ...refusals },
      },
    },
    async (req) => {
      await alerts.unsubscribe(requireActor(req), req.body.endpoint);
      return { error: 0 as const };
    },
  );
}
