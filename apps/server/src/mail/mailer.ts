import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { newId } from '../lib/crypto';
import type { Clock } from '../lib/clock';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * Every message is first written to the outbox table (so nothing is lost and operators can see
 * it), then delivered: e-mail over SMTP when SMTP_URL is set; otherwise (and for SMS, which has no
 * gateway configured) it stays in the outbox and goes to the log.
 */
export function createMailer(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
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
      if (!transport || message.channel !== 'email') {
        // Only the row's id: the recipient and the text (names, codes) stay in the outbox table.
        deps.log.info({ outbox: id, channel: message.channel }, 'message kept in the outbox');
        return;
      }
      try {
        await transport.sendMail({
          from: deps.from,
          to: message.to,
          subject: message.subject,
          text: message.body,
        });
        await deps.db.update(outbox).set({ sentAt: deps.clock.now() }).where(eq(outbox.id, id));
      } catch (err) {
        // Kept in the outbox with the reason; the user can ask for another code.
        deps.log.error({ err, outbox: id }, 'mail delivery failed');
        await deps.db
          .update(outbox)
          .set({ error: String(err) })
          .where(eq(outbox.id, id));
      }
    },
  };
}
