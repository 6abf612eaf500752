// Issue "Reports" target: the report API (dd for 14 days, ta and the dashboard for 90 days) for 90
// days of 2-minute data answers in at most 50 ms median per call on PostgreSQL, from request to
// last byte, through the real HTTP server (authentication, access, validation, serialisation),
// called by a client in its own process (bench/http-client.mjs). Beside each figure, the bare
// baseline measured in the same run: the same range's stored sensor blocks read with plain SQL by a
// client in its own process (bench/sql-client.mjs), without decoding or statistics. PGlite's
// figures are reported. ol, ds, lgb, segment and the data map are timed without a target.
// Run: npx tsx bench/reports.bench.ts
// Narrow it while tuning: REPORTS_DB=PostgreSQL (or PGlite) and REPORTS_CALLS=dashboard,ta (names
// starting with those words).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { API } from '@cgm/contract';
import { generateHistory, randomProfile } from '../packages/simulator/src/index';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/platform/config';
import { createAccount } from '../apps/server/src/accounts/create-account';
import { setPasswordCostForTests } from '../apps/server/src/platform/lib/crypto';
import { storeRecords } from '../apps/server/src/patient-data';
import { createSessionStore } from '../apps/server/src/accounts/session.store';
import { benchDatabases, checkTarget, fmt, oneDatabasePerProcess, summarize } from './support';

setPasswordCostForTests(2 ** 10);
const run$ = promisify(execFile);
const TARGET_MS = 50;
const DAYS = 90;
const RUNS = 30;
const WARMUP = 5;
// Seed 1 lives at UTC−5: its local days start at 05:00 UTC.
const FROM = Date.UTC(2025, 0, 6, 5);
const HTTP_CLIENT = fileURLToPath(new URL('./http-client.mjs', import.meta.url));
const SQL_CLIENT = fileURLToPath(new URL('./sql-client.mjs', import.meta.url));

/** Runs one of the client scripts in its own process; its samples (ms) after the warm-up. */
async function clientSamples(script: string, args: string[]): Promise<{ samples: number[]; bytes: number }> {
  const { stdout } = await run$(process.execPath, [script, ...args], { maxBuffer: 16 << 20 });
  const out = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    samples: number[];
    failures?: number;
    bytes?: number;
  };
  if (out.failures) throw new Error(`${out.failures} calls failed`);
  return { samples: out.samples.slice(WARMUP), bytes: out.bytes ?? 0 };
}

const onlyDb = oneDatabasePerProcess('REPORTS_DB');
const { records } = generateHistory(randomProfile(1), { from: FROM, days: DAYS });
const readings = records.filter((r) => r.type === 'sg').length;
console.log(
  `reports benchmark: ${DAYS} days of simulated data (${readings} readings, ${records.length} records)`,
);

const onlyCalls = process.env.REPORTS_CALLS?.split(',');
for (const { label, url, open, drop } of await benchDatabases(onlyDb)) {
  const database = await open();
  const patientId = await createAccount(database.db, {
    username: `bench-reports-${label}@example.com`,
    password: 'Bench#pass9',
    userType: 'P',
    realname: 'Bench Patient',
    termsVersion: testConfig().TERMS_VERSION,
  });
  for (let i = 0; i < records.length; i += 10_000) {
    await database.db.transaction((tx) =>
      storeRecords(tx, patientId, 'realtime', records.slice(i, i + 10_000)),
    );
  }
  await database.exec('analyze');
  const { app, ctx } = await buildApp({
    config: testConfig({ WEB_DIST: '/nonexistent', DATABASE_URL: url }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const token = await createSessionStore({ db: ctx.db, clock: ctx.clock, config: ctx.config }).create(
    patientId,
    'user',
    false,
  );

  const last = '2025-04-05';
  const first90 = '2025-01-06';
  const first14 = '2025-03-23';
  const range = (from: string) => `?from=${from}&to=${last}`;
  const dashboard = (reports: string[]) => JSON.stringify({ reports, from: first90, to: last });
  const HOUR = 3_600_000;
  const hours = (from: string, days: number) => {
    const start = Math.floor((Date.parse(`${from}T05:00:00Z`) - HOUR) / HOUR);
    return [start, start + days * 24 + 2];
  };
  const calls: Array<{
    name: string;
    target: boolean;
    url: string;
    body?: string;
    days: number;
    from: string;
  }> = [
    {
      name: 'dd 14 days',
      target: true,
      url: API.chartData(patientId, 'dd') + range(first14),
      days: 14,
      from: first14,
    },
    {
      name: 'ta 90 days',
      target: true,
      url: API.chartData(patientId, 'ta') + range(first90),
      days: 90,
      from: first90,
    },
    {
      name: 'dashboard 90 days',
      target: true,
      url: API.dataReport(patientId),
      body: dashboard(['dashboard']),
      days: 90,
      from: first90,
    },
    {
      name: 'dashboard + segment 90 days',
      target: false,
      url: API.dataReport(patientId),
      body: dashboard(['dashboard', 'segment']),
      days: 90,
      from: first90,
    },
    {
      name: 'ol 14 days',
      target: false,
      url: API.chartData(patientId, 'ol') + range(first14),
      days: 14,
      from: first14,
    },
    {
      name: 'ds 90 days',
      target: false,
      url: API.chartData(patientId, 'ds') + range(first90),
      days: 90,
      from: first90,
    },
    {
      name: 'lgb 90 days',
      target: false,
      url: API.chartData(patientId, 'lgb') + range(first90),
      days: 90,
      from: first90,
    },
    {
      name: 'datamap 365 days',
      target: false,
      url: API.chartDatamap(patientId) + `?to=${last}`,
      days: 365,
      from: '2024-04-07',
    },
  ];
  const bareSql = 'select hour, packed from sg_blocks where patient_id = $1 and hour >= $2 and hour < $3';
  for (const call of calls) {
    if (onlyCalls && !onlyCalls.some((name) => call.name.startsWith(name))) continue;
    const args = [base + call.url, token, String(WARMUP + RUNS), ...(call.body ? [call.body] : [])];
    const { samples, bytes } = await clientSamples(HTTP_CLIENT, args);
    const r = summarize(samples);
    const [h0, h1] = hours(call.from, call.days);
    let bare = '';
    if (url) {
      const b = summarize(
        (
          await clientSamples(SQL_CLIENT, [
            url,
            String(WARMUP + RUNS),
            bareSql,
            JSON.stringify([patientId, h0, h1]),
          ])
        ).samples,
      );
      bare = `; bare SQL read of the range's sensor blocks median ${fmt(b.median)} ms, ratio ${fmt(r.median / b.median, 2)}×`;
    }
    const line = `${label}: ${call.name.padEnd(28)} median ${fmt(r.median).padStart(6)} ms, p95 ${fmt(r.p95).padStart(6)} ms, ${fmt(bytes / 1024, 0)} KiB${bare}`;
    if (call.target && url) checkTarget(line, r.median, '<=', TARGET_MS, 'ms median on PostgreSQL');
    else console.log(call.target ? `${line} (target ≤ ${TARGET_MS} ms median on PostgreSQL)` : line);
  }
  await app.close();
  await database.close();
  await drop?.();
}
