import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { newId } from '../lib/crypto';
import type { Clock } from '../lib/clock';
import { createSmsGateway, type SmsGateway } from './sms-gateway';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
}

/** What became of a message: handed to the mail server or SMS gateway, kept in the outbox (no
 *  delivery configured for its channel), or refused by the mail server or gateway. */
export type Delivery = 'sent' | 'kept' | 'failed';

export interface Mailer {
  send(message: OutgoingMessage): Promise<Delivery>;
}

/**
 * Every message is first written to the outbox table (so nothing is lost and operators can see
 * it), then delivered: e-mail over SMTP when SMTP_URL is set, SMS through the HTTP gateway when
 * SMS_URL is set (mail/sms-gateway.ts); otherwise it stays in the outbox and goes to the log.
 */
export function createMailer(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  smsUrl?: string;
  smsFrom?: string;
  /** A gateway of the test's own instead of SMS_URL's. */
  sms?: SmsGateway;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  const sms =
    deps.sms ??
    (deps.smsUrl ? createSmsGateway(deps.smsUrl, deps.smsFrom ? { from: deps.smsFrom } : {}) : null);
  /** How this message is delivered, or null when its channel has no delivery configured. */
  const deliveryOf = (message: OutgoingMessage): (() => Promise<unknown>) | null => {
    if (message.channel === 'sms') return sms ? () => sms.send(message.to, message.body) : null;
    if (!transport) return null;
    return () =>
      transport.sendMail({ from: deps.from, to: message.to, subject: message.subject, text: message.body });
  };
  return {
    async send(message) {
      const id = newId();
      await deps.db.insert(outbox).values({
        id,
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        createdAt: deps.clock.now(),
      });
      const deliver = deliveryOf(message);
      if (!deliver) {
        // Only the row's id: the recipient and the text (names, codes) stay in the outbox table.
        deps.log.info({ outbox: id, channel: message.channel }, 'message kept in the outbox');
        return 'kept';
      }
      try {
        await deliver();
        await deps.db.update(outbox).set({ sentAt: deps.clock.now() }).where(eq(outbox.id, id));
        return 'sent';
      } catch (err) {
        // Kept in the outbox with the reason; the caller tells the user that sending failed.
        deps.log.error({ err, outbox: id, channel: message.channel }, 'message delivery failed');
        await deps.db
          .update(outbox)
          .set({ error: String(err) })
          .where(eq(outbox.id, id));
        return 'failed';
      }
    },
  };
}
