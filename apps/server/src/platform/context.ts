import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { Mailer } from './mail/mailer';
import type { LiveBus } from './bus/live-bus';

/** What every module's routes and services are given: no globals, so tests can swap each part. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /**
   * For reading a patient's data where a moment's lag is fine (reports, exports, the data map): the
   * hot standby when DATABASE_READ_URL is set, else `db`. Access decisions always read `db`.
   */
  readDb: Db;
  clock: Clock;
  mailer: Mailer;
  /** Tells waiting long polls that a patient has new data (in-process, or PostgreSQL LISTEN/NOTIFY). */
  bus: LiveBus;
  /** Signs the caller in (sets request.actor); the route-access guard calls it (access/route-access.ts). */
  authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
}
