import { loadConfig } from './platform/config';
import { openDatabase, runMigrations } from './platform/db/client';
import { buildApp } from './app';
import { demoState, seedDemoIfEmpty } from './demo/seed-demo';
import { startDemoStream } from './demo/demo-data';
import { seedDemoHistories } from './demo/demo-history';
import { demoLoginsText, isLoopback, publicDemoWarning } from './demo/demo-banner';
import { startRetentionJob } from './accounts/retention';
import { startHealthRetentionJob } from './jobs/health-retention';
import { startUnknownLoginPurgeJob } from './jobs/unknown-login-purge';
import { startListSummaryJob } from './jobs/list-summaries';
import { trackRequestActivity } from './platform/http/request-activity';

// Start: validate config, open the database (PGlite under DATA_DIR unless DATABASE_URL), apply
// migrations, serve; on SIGTERM/SIGINT stop accepting, finish in-flight requests, close the database.
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    readUrl: config.DATABASE_READ_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (err) =>
      console.error(`database: idle connection lost (${err.message}); reconnecting on next use`),
  });
  await runMigrations(database);
  // Demo accounts on the embedded database unless SEED_DEMO=0 (or SEED_DEMO=1 to force on PostgreSQL).
  const seedDemo = config.SEED_DEMO ? config.SEED_DEMO === '1' : database.driver === 'pglite';
  if (seedDemo) await seedDemoIfEmpty(database.db, config.TERMS_VERSION, new Date(), config.DEMO_PATIENTS);
  const { app, ctx } = await buildApp({ config, database });
  // The demo fills in between requests, never in front of them (request-activity.ts).
  const activity = trackRequestActivity(app);
  await app.listen({ port: config.PORT, host: config.HOST });
  const everywhere = config.HOST === '0.0.0.0' || config.HOST === '::';
  const shown = everywhere || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  const base = `http://${shown}:${config.PORT}`;
  const banner = [`CGM Portal is running: open ${base}/  (API documentation: ${base}/api/docs)`];
  const logins = seedDemo ? await demoLoginsText(database.db, base) : null;
  if (logins) banner.push(logins);
  banner.push(`Stop it with Ctrl-C (or kill -TERM ${process.pid}).`);
  console.log(banner.join('\n'));
  if (logins && !isLoopback(config.HOST)) console.warn(publicDemoWarning(config.HOST));

  // The demo's data fills in the background: the live patient first, whose devices then stream
  // live until the server stops, then the HCP's patients.
  let stopStream: (() => void) | null = null;
  const state = seedDemo ? await demoState(database.db) : null;
  if (state) {
    void seedDemoHistories(ctx, state, app.log, {
      afterLive: async () => {
        stopStream = await startDemoStream(ctx, state, app.log);
      },
      betweenParts: activity.quiet,
    }).catch((err: unknown) => app.log.error({ err }, 'demo data'));
  }

  // Spec §1 retention: accounts deleted more than 2 years ago are purged, hourly (see accounts/retention.ts).
  const stopRetention = startRetentionJob({ db: ctx.db, clock: ctx.clock, log: app.log });
  // Spec §1, §9: on the EU and French sites, health data older than 2 years goes every night.
  const stopHealthRetention = startHealthRetentionJob({ ctx, log: app.log });
  // Issue 15: tries at user names without an account go once they no longer count, hourly.
  const stopUnknownLoginPurge = startUnknownLoginPurgeJob({ db: ctx.db, clock: ctx.clock, log: app.log });
  // The patient list's 14-day summaries: recomputed when a patient's data or the window moved on.
  const stopListSummaries = startListSummaryJob({ db: ctx.db, clock: ctx.clock, log: app.log });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    stopStream?.();
    stopRetention();
    stopHealthRetention();
    stopUnknownLoginPurge();
    stopListSummaries();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
