import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  routeOf,
  errorBody,
  ok,
  activeAlertsResponse,
  alertActionRequest,
  alertFollowerStopRequest,
  alertFollowersResponse,
  alertHistoryQuery,
  alertHistoryResponse,
  alertSettingsRequest,
  alertSettingsResponse,
  alertSnoozeRequest,
  pushKeyResponse,
  pushSubscriptionRequest,
  pushUnsubscribeRequest,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createAlertRepositories } from './alert-repositories';
import { createAlertSenders } from './alert-senders';
import { createAlertEngine, type AlertEngine } from './alert-engine';
import { createAlertsService } from './alerts.service';

declare module 'fastify' {
  interface FastifyInstance {
    alertEngine: AlertEngine;
  }
}

export function registerAlertsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repos = createAlertRepositories(ctx.db);
  const senders = createAlertSenders(ctx, repos);
  const engine = createAlertEngine(ctx, repos, senders);
  const alerts = createAlertsService(ctx, repos, engine);
  app.decorate('alertEngine', engine);

  // Every "patient data changed" event is evaluated, and every change of who may see the patient
  // or of which data counts ('access'); failures are logged, never thrown at the bus.
  // A write that found nobody to alert about the patient says so (patient-data alertsWatchedSql).
  const stop = ctx.bus.subscribeAll((patientId, _eventNo, _kind, _change, facts) => {
    if (facts?.alertsWatched === false) return;
    engine.evaluate(patientId).catch((err: unknown) => app.log.error({ err }, 'alert evaluation failed'));
  });
  // The no-data alert must go out within 60 s of its threshold: the timer runs every 20 s by default.
  const sweepMs = ctx.config.ALERT_SWEEP_MS;
  let timer: NodeJS.Timeout | null = null;
  if (sweepMs > 0) {
    app.addHook('onReady', async () => {
      // A round that outlasts the interval is not joined by a second one running beside it.
      let sweeping = false;
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        engine
          .sweep()
          .catch((err: unknown) => app.log.error({ err }, 'alert sweep failed'))
          .finally(() => (sweeping = false));
      }, sweepMs);
      timer.unref();
    });
  }
  app.addHook('preClose', async () => {
    stop();
    if (timer) clearInterval(timer);
    await engine.idle();
  });

  const tags = ['alerts'];
  const security = [{ bearer: [] }];
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
  const params = z.object({ id: z.string().min(1).max(64) });
  const settingsAccess = { kind: 'patient', action: 'settings', op: 'alerts.settings' } as const;

  r.get(
    routeOf(API.alertSettings),
    {
      config: { access: settingsAccess },
      schema: {
        tags,
        security,
        summary: "The caller's alert settings for a patient",
        params,
        response: { 200: alertSettingsResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, ...(await alerts.settings(requireActor(req), req.params.id)) }),
  );

  r.post(
    routeOf(API.alertSettings),
    {
      config: { access: settingsAccess },
      schema: {
        tags,
        security,
        summary: 'Turns the caller’s alerts for a patient on or off, with their settings',
        params,
        body: alertSettingsRequest,
        response: { 200: ok, ...refusals },
      },
    },
    async (req) => {
      await alerts.saveSettings(requireActor(req), req.params.id, req.body.on, req.body.settings);
      return { error: 0 as const };
    },
  );

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

  r.get(
    routeOf(API.alertHistory),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'alerts.history' } },
      schema: {
        tags,
        security,
        summary:
          'Alerts, acknowledgements and delivery attempts of [from_ms, to_ms) (≤ 92 days), else of the last 30 days',
        params,
        querystring: alertHistoryQuery,
        response: { 200: alertHistoryResponse, ...refusals },
      },
    },
    async (req) => ({
      error: 0 as const,
      entries: await alerts.history(requireActor(req), req.params.id, req.query),
    }),
  );

  r.post(
    routeOf(API.alertAcknowledge),
    {
      config: { access: settingsAccess },
      schema: {
        tags,
        security,
        summary: 'Acknowledges an alert for every follower',
        params,
        body: alertActionRequest,
        response: { 200: ok, ...refusals },
      },
    },
    async (req) => {
      await alerts.acknowledge(requireActor(req), req.params.id, req.body.episodeId);
      return { error: 0 as const };
    },
  );

  r.post(
    routeOf(API.alertSnooze),
    {
      config: { access: settingsAccess },
      schema: {
        tags,
        security,
        summary: 'Snoozes an alert for the caller (urgent low: 30 minutes at most)',
        params,
        body: alertSnoozeRequest,
        response: { 200: ok, ...refusals },
      },
    },
    async (req) => {
      await alerts.snooze(requireActor(req), req.params.id, req.body.episodeId, req.body.minutes);
      return { error: 0 as const };
    },
  );

  const signedIn = { kind: 'signedIn', userTypes: ['P', 'M', 'D'] } as const;
  r.get(
    API.alertsActive,
    {
      config: { access: signedIn },
      schema: {
        tags,
        security,
        summary: "The caller's alerts that stand now (the in-app banner)",
        response: { 200: activeAlertsResponse, ...refusals },
      },
    },
    async (req) => ({ error: 0 as const, alerts: await alerts.active(requireActor(req)) }),
  );

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
