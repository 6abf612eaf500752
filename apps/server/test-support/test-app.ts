import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppDeps } from '../src/app';
import { testConfig, type Config } from '../src/platform/config';
import type { Database } from '../src/platform/db/client';
import { FakeClock } from '../src/platform/lib/clock';
import { setPasswordCostForTests } from '../src/platform/lib/crypto';
import type { AppContext } from '../src/platform/context';
import type { RegisteredRoute } from '../src/access/route-access';
import { createSessionStore } from '../src/accounts/session.store';
import { createTestDatabase } from './test-db';

setPasswordCostForTests(2 ** 10);

export interface TestApp {
  app: App;
  ctx: AppContext;
  database: Database;
  clock: FakeClock;
  /** Every /api route with its declared access rule. */
  routes: readonly RegisteredRoute[];
  /** A session token for any account, without going through a login page. */
  signIn(userId: string, kind?: 'user' | 'admin'): Promise<string>;
  /** JSON request helper; returns status and parsed body. */
  call<T = Record<string, unknown>>(
    method: InjectOptions['method'],
    url: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; raw: LightMyRequestResponse }>;
  close(): Promise<void>;
}

/** The whole server on a fresh test database, with a fake clock, driven through inject(). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, 'logStream'> & { database?: Database } = {},
): Promise<TestApp> {
  const database = deps.database ?? (await createTestDatabase());
  const clock = new FakeClock();
  const { app, ctx, routes } = await buildApp({
    config: testConfig({ WEB_DIST: '/nonexistent', ...overrides }),
    database,
    clock,
    logStream: deps.logStream,
  });
  await app.ready();
  return {
    app,
    ctx,
    database,
    clock,
    routes,
    async signIn(userId, kind = 'user') {
      const store = createSessionStore({ db: ctx.db, clock, config: ctx.config });
      return store.create(userId, kind, false);
    },
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const raw = await app.inject({
        method,
        url,
        headers,
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      });
      const text = raw.body;
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON (images, HTML): leave as text */
      }
      return { status: raw.statusCode, body: body as never, raw };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
