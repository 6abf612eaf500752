import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { oauthSecurityScheme } from '@cgm/contract';
import type { Config } from './platform/config';
import type { Database } from './platform/db/client';
import { systemClock, type Clock } from './platform/lib/clock';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { registerErrorHandler } from './platform/http/error-handler';
import { authenticate } from './platform/http/auth';
import { noStoreOnApi } from './platform/http/no-store';
import { installSecurityHeaders } from './platform/http/security-headers';
import { compressAnswers } from './platform/http/compression';
import { serveWebApp } from './platform/http/web-app';
import { guardInput } from './platform/http/input-guard';
import { installRateLimits } from './platform/http/rate-limits';
import { errorLogSerializer, requestLogSerializer } from './platform/http/log-redaction';
import type { AppContext } from './platform/context';
import { createSessionStore } from './accounts/session.store';
import { registerModules } from './register-features';
import { installRouteAccess, type RegisteredRoute } from './access/route-access';
import { createLocalBus, type LiveBus } from './platform/bus/live-bus';
import { createPgBus } from './platform/bus/pg-bus';

import { SERVER_VERSION } from './platform/version';
export { SERVER_VERSION };

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  bus?: LiveBus;
  /** Where log lines go (tests read them); standard output when unset. */
  logStream?: { write(line: string): void };
}

export type App = FastifyInstance;

export async function buildApp(
  deps: AppDeps,
): Promise<{ app: App; ctx: AppContext; routes: readonly RegisteredRoute[] }> {
  const { config, database } = deps;
  const logger: FastifyServerOptions['logger'] = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["api-secret"]'],
    serializers: { req: requestLogSerializer, err: errorLogSerializer },
    ...(deps.logStream ? { stream: deps.logStream } : {}),
  };
  const app = Fastify({
    logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOf(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  registerErrorHandler(app);
  noStoreOnApi(app);
  guardInput(app);

  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ??
    createMailer({
      db: database.db,
      clock,
      log: app.log,
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      smsUrl: config.SMS_URL,
      smsFrom: config.SMS_FROM,
    });
  const sessions = createSessionStore({ db: database.db, clock, config });
  // Several processes share one PostgreSQL, so their bus is LISTEN/NOTIFY; the embedded database
  // is one process by nature.
  const bus =
    deps.bus ??
    (database.driver === 'postgres' && config.DATABASE_URL
      ? await createPgBus(config.DATABASE_URL, app.log)
      : createLocalBus());
  app.addHook('onClose', async () => {
    if (!deps.bus) await bus.close();
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    readDb: database.readDb,
    clock,
    mailer,
    bus,
    authenticate: authenticate(sessions.resolve),
  };

  installSecurityHeaders(app);
  await app.register(cookie);
  await compressAnswers(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'CGM Portal API', version: SERVER_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, oauth2: oauthSecurityScheme },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await database.exec('select 1');
    return { status: 'ok', version: SERVER_VERSION, driver: database.driver };
  });

  // Before the access guards: a request over its limit is refused before any credential lookup.
  await installRateLimits(app, config.RATE_LIMITS === 'on');
  const routes = installRouteAccess(app, ctx);
  await registerModules(app, ctx, sessions);
  await serveWebApp(app, config);
  return { app, ctx, routes };
}

/** Nobody's X-Forwarded-For is believed unless TRUST_PROXY names the proxies (or a hop count). */
export function trustProxyOf(setting: string | undefined): FastifyServerOptions['trustProxy'] {
  if (!setting) return false;
  // A hop count works at runtime (proxy-addr), though Fastify's typings list only the other forms.
  return /^\d+$/.test(setting) ? (Number(setting) as unknown as string) : setting;
}
