import webpush from 'web-push';
import type { AlertKind } from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import { mailText, renderMail } from '../../platform/mail/templates';
import type { AlertRepositories } from './alert-repositories';
import { keepVapidKeys, type VapidKeys } from './vapid-keys.repository';

// Delivery of one alert to one person (issue 16): Web Push (RFC 8030 message, RFC 8291 payload
// encryption, RFC 8292 VAPID, by the maintained `web-push` package) to each of their browsers, and
// e-mail through the mail outbox when no browser took it. The in-app banner reads the open
// episodes itself. Each attempt is written to the alert log.

export interface AlertMessage {
  patientId: string;
  patientName: string;
  episodeId: string;
  kind: AlertKind;
  urgent: boolean;
  /** mg/dL, mg/dL/min or minutes, as the kind says; shown only where the text has a place for it. */
  value: number | null;
}

/** The subject VAPID names: the portal's https address, else a mailto: of its sender address. */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

export function createAlertSenders(ctx: AppContext, repos: AlertRepositories) {
  let keys: VapidKeys | null = null;

  /** The server's VAPID key pair, made once and kept in app_state (every process uses the same). */
  async function vapidKeys() {
    if (keys) return keys;
    keys = await keepVapidKeys(ctx.db, webpush.generateVAPIDKeys());
    return keys;
  }

  function texts(language: string, m: AlertMessage) {
    const what = mailText(language, `alert.kind.${m.kind}`);
    return {
      title: mailText(language, 'alert.title', { patient: m.patientName, what }),
      body: mailText(language, m.urgent ? 'alert.bodyUrgent' : 'alert.body', {
        patient: m.patientName,
        what,
      }),
    };
  }

  /** Sends to each of the person's browsers; 'none' when they have none. */
  async function push(
    userId: string,
    language: string,
    m: AlertMessage,
  ): Promise<'sent' | 'failed' | 'none'> {
    const subs = await repos.deliveries.subscriptionsOf(userId);
    if (!subs.length) return 'none';
    const { publicKey, privateKey } = await vapidKeys();
    const t = texts(language, m);
    const payload = JSON.stringify({
      title: t.title,
      body: t.body,
      tag: `alert:${m.episodeId}`,
      url: `/monitor?uid=${encodeURIComponent(m.patientId)}`,
      episodeId: m.episodeId,
      patientId: m.patientId,
      urgent: m.urgent,
    });
    let sent = 0;
    for (const s of subs) {
      const request = webpush.generateRequestDetails(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        payload,
        {
          vapidDetails: {
            subject: vapidSubject(ctx.config.PUBLIC_URL, ctx.config.MAIL_FROM),
            publicKey,
            privateKey,
          },
          TTL: m.urgent ? 300 : 3600,
          urgency: m.urgent ? 'high' : 'normal',
          topic: m.episodeId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
        },
      );
      try {
        const res = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ?? null,
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) sent++;
        // 404 and 410: the browser dropped the subscription (RFC 8030 §7.3); forget it.
        else await repos.deliveries.subscriptionFailed(s.endpoint, res.status === 404 || res.status === 410);
      } catch {
        // Unreachable push service: counted; the e-mail fallback and the next repeat still go.
        await repos.deliveries.subscriptionFailed(s.endpoint, false);
      }
    }
    return sent > 0 ? 'sent' : 'failed';
  }

  async function email(userId: string, m: AlertMessage): Promise<'sent' | 'none'> {
    const contact = await repos.deliveries.contactOf(userId);
    if (!contact?.email) return 'none';
    const what = mailText(contact.language, `alert.kind.${m.kind}`);
    const mail = renderMail(
      contact.language,
      'alert.title',
      [m.urgent ? 'alert.bodyUrgent' : 'alert.body', 'alert.open'],
      {
        patient: m.patientName,
        what,
        url: `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/monitor?uid=${encodeURIComponent(m.patientId)}`,
      },
    );
    await ctx.mailer.send({ channel: 'email', to: contact.email, ...mail });
    return 'sent';
  }

  /**
   * Push first; e-mail when no browser took it. Logs each attempt, after it (the push goes out
   * before any write); the in-app row is written with the push row, the banner reading the open
   * episodes itself.
   */
  async function deliver(userId: string, m: AlertMessage): Promise<void> {
    const contact = await repos.deliveries.contactOf(userId);
    const language = contact?.language ?? 'en';
    const at = ctx.clock.now();
    const base = { patientId: m.patientId, episodeId: m.episodeId, followerId: userId };
    const pushed = await push(userId, language, m);
    await repos.log.appendMany([
      { ...base, at, action: 'deliver', channel: 'inApp', outcome: 'sent' },
      { ...base, at: ctx.clock.now(), action: 'deliver', channel: 'push', outcome: pushed },
    ]);
    if (pushed !== 'sent') {
      const mailed = await email(userId, m);
      await repos.log.append({
        ...base,
        at: ctx.clock.now(),
        action: 'deliver',
        channel: 'email',
        outcome: mailed,
      });
    }
  }

  return { deliver, vapidKeys };
}

export type AlertSenders = ReturnType<typeof createAlertSenders>;
