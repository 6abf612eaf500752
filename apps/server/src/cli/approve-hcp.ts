import { and, desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { normalizeUsername } from '@cgm/domain';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/client';
import type { AppContext } from '../platform/context';
import { hcpApplications, users } from '../platform/db/schema';
import { systemClock } from '../platform/lib/clock';
import { createMailer } from '../platform/mail/mailer';
import { createLocalBus } from '../platform/bus/live-bus';
import { decideApplication } from '../accounts/hcp-decision';

/** The context the services need, outside an HTTP server (the CLI sends mail like the server does). */
export function cliContext(config: Config, database: Database): AppContext {
  const log = pino({ level: config.LOG_LEVEL });
  return {
    config,
    database,
    db: database.db,
    readDb: database.readDb,
    clock: systemClock,
    mailer: createMailer({
      db: database.db,
      clock: systemClock,
      log,
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      smsUrl: config.SMS_URL,
      smsFrom: config.SMS_FROM,
    }),
    bus: createLocalBus(),
    authenticate: async () => {
      throw new Error('no HTTP requests in the command line');
    },
  };
}

/** Decides the newest submitted HCP application of a user (until the admin area exists, operators do it here). */
export async function approveByUsername(
  env: { config: Config; database: Database },
  username: string,
  decision: 'approved' | 'rejected',
  note?: string,
): Promise<string> {
  const db = env.database.db;
  const rows = await db
    .select({ id: hcpApplications.id })
    .from(hcpApplications)
    .innerJoin(users, eq(users.id, hcpApplications.userId))
    .where(and(eq(users.username, normalizeUsername(username)), eq(hcpApplications.status, 'submitted')))
    .orderBy(desc(hcpApplications.createdAt))
    .limit(1);
  const application = rows[0];
  if (!application) throw new Error(`no submitted HCP application for ${username}`);
  await decideApplication(cliContext(env.config, env.database), application.id, decision, 'cli', note);
  return `application of ${username} ${decision}; the applicant was mailed`;
}
