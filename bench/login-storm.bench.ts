// Issue 15 (security) target: while 32 sign-ins run at once, the web app's bundle and a report
// answer within 2× their idle times. Each sign-in costs a 128 MiB scrypt; unbounded, 32 of them
// filled Node's thread pool (which also reads the web app's files) and the bundle took 5.8 s
// instead of 9 ms (finding 5). The hashing queue (apps/server/src/platform/lib/crypto.ts) bounds it: one or
// two checks at once, the storm's others waiting their turn (a sign-in beyond its waiting room is
// refused before any database work), and the web app's files are answered from memory
// (apps/server/src/platform/http/static-files.ts), never from the disk through that pool.
//
// The real server (its HTTP stack, static files, a 14-day daily report of simulated data on the
// embedded PGlite, the default) listens here; the clients run in processes of their own: the storm
// (login-storm-clients.mjs: 32 sign-ins at once, at user names without an account, each answered
// after a full password check) and the measuring client (http-client.mjs: one call after another).
// First the bundle and the report are timed idle (the bare baseline, same run), then under the
// storm; the figure is the ratio of the medians. Rate limits are off: the storm stands for many
// addresses (a botnet), which per-address limits do not stop.
// Run: npm run build, then npx tsx bench/login-storm.bench.ts   (WEB_DIST=<a built web app> elsewhere)
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { API } from '@cgm/contract';
import { generateHistory, randomProfile } from '../packages/simulator/src/index';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/platform/config';
import { openDatabase, runMigrations } from '../apps/server/src/platform/db/client';
import { createAccount } from '../apps/server/src/accounts/create-account';
import { storeRecords } from '../apps/server/src/patient-data';
import { createSessionStore } from '../apps/server/src/accounts/session.store';
import { builtWebApp, checkTarget, embeddedPGlite, fmt, summarize } from './support';

const run$ = promisify(execFile);
const CONCURRENT_LOGINS = 32;
const TARGET_RATIO = 2;
const BUNDLE_CALLS = 40;
const REPORT_CALLS = 15;
const FROM = Date.UTC(2026, 0, 5, 5);
const DAYS = 14;

const client = fileURLToPath(new URL('./http-client.mjs', import.meta.url));
async function timed(url: string, token: string, count: number): Promise<number> {
  const { stdout } = await run$(process.execPath, [client, url, token, String(count)]);
  const out = JSON.parse(stdout.trim().split('\n').at(-1)!) as { samples: number[]; failures: number };
  if (out.failures) throw new Error(`${out.failures} of ${count} calls to ${url} failed`);
  return summarize(out.samples).median;
}

const web = builtWebApp();
const database = await openDatabase({ pglite: await embeddedPGlite() });
await runMigrations(database);
const patientId = await createAccount(database.db, {
  username: 'storm-patient@bench.test',
  password: 'Bench#pass9',
  userType: 'P',
  realname: 'Bench Patient',
  termsVersion: testConfig().TERMS_VERSION,
});
const { records } = generateHistory(randomProfile(1), { from: FROM, days: DAYS });
await database.db.transaction((tx) => storeRecords(tx, patientId, 'realtime', records));
const { app, ctx } = await buildApp({
  config: testConfig({ WEB_DIST: web.dir, RATE_LIMITS: 'off' }),
  database,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const token = await createSessionStore({ db: ctx.db, clock: ctx.clock, config: ctx.config }).create(
  patientId,
  'user',
  false,
);
const bundleUrl = base + web.bundle;
const reportUrl = `${base}${API.chartData(patientId, 'dd')}?from=2026-01-05&to=2026-01-18`;

try {
  // Warm-up, then the bare baseline: nothing else runs.
  await timed(bundleUrl, token, 5);
  await timed(reportUrl, token, 3);
  const idle = {
    bundle: await timed(bundleUrl, token, BUNDLE_CALLS),
    report: await timed(reportUrl, token, REPORT_CALLS),
  };

  const storm = spawn(process.execPath, [fileURLToPath(new URL('./login-storm-clients.mjs', import.meta.url)), base + API.login, String(CONCURRENT_LOGINS)], { stdio: ['ignore', 'pipe', 'pipe'] }); // prettier-ignore
  let stormOut = '';
  storm.stdout.on('data', (d: Buffer) => (stormOut += d.toString()));
  const stormEnded = new Promise<void>((resolve) => storm.on('exit', () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 2000)); // every sign-in in flight
  const loaded = {
    bundle: await timed(bundleUrl, token, BUNDLE_CALLS),
    report: await timed(reportUrl, token, REPORT_CALLS),
  };
  storm.kill('SIGTERM');
  await stormEnded;
  const logins = JSON.parse(stormOut.trim().split('\n').at(-1) ?? '{"samples":[],"statuses":{}}') as {
    samples: number[];
    statuses: Record<string, number>;
  };
  const l = summarize(logins.samples);
  console.log(
    `login storm: ${CONCURRENT_LOGINS} at once, ${logins.samples.length} sign-ins answered (${Object.entries(
      logins.statuses,
    )
      .map(([s, n]) => `${n}× ${s}`)
      .join(', ')}), median ${fmt(l.median, 0)} ms, p95 ${fmt(l.p95, 0)} ms`,
  );
  for (const [name, key] of [
    ['web app bundle', 'bundle'],
    ['14-day daily report', 'report'],
  ] as const) {
    const ratio = loaded[key] / idle[key];
    checkTarget(
      `${name}: idle ${fmt(idle[key])} ms, during the storm ${fmt(loaded[key])} ms median: ×${fmt(ratio, 2)} the bare baseline`,
      ratio,
      '<=',
      TARGET_RATIO,
      '×',
    );
  }
} finally {
  await app.close();
  await database.close();
}
