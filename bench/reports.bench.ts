// Issue "Reports" target: the report API (dd for 14 days, ta and the dashboard for 90 days) for 90
// days of 2-minute data answers in at most 50 ms median per call on PostgreSQL, from request to
// last byte, through the real HTTP server (PGlite reported too). Also times ol, ds, lgb, segment
// and the data map, without a target.
// Run: npx tsx bench/reports.bench.ts
// Narrow it while tuning: REPORTS_DB=PostgreSQL (or PGlite) and REPORTS_CALLS=dashboard,ta (names
// starting with those words).
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { API } from '@cgm/contract';
import { generateHistory, randomProfile } from '../packages/simulator/src/index';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase, runMigrations, type Database } from '../apps/server/src/db/client';
import { createUser } from '../apps/server/src/cli/create-user';
import { setPasswordCostForTests } from '../apps/server/src/lib/crypto';
import { storeRecords } from '../apps/server/src/patient-data';
import { createSessionStore } from '../apps/server/src/modules/auth/session.store';
import { fmt, summarize } from './support';

setPasswordCostForTests(2 ** 10);
const TARGET_MS = 50;
const DAYS = 90;
const RUNS = 30;
const WARMUP = 5;
const BENCH_DB = 'cgm_bench_reports';
// Seed 1 lives at UTC−5: its local days start at 05:00 UTC.
const FROM = Date.UTC(2025, 0, 6, 5);

async function databases(): Promise<
  Array<{ label: string; open: () => Promise<Database>; drop?: () => Promise<void> }>
> {
  const list: Array<{ label: string; open: () => Promise<Database>; drop?: () => Promise<void> }> = [
    {
      label: 'PGlite',
      open: async () => {
        const database = await openDatabase({ pglite: await PGlite.create() });
        await runMigrations(database);
        return database;
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  try {
    await admin(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${BENCH_DB}`);
    const u = new URL(url);
    u.pathname = `/${BENCH_DB}`;
    list.push({
      label: 'PostgreSQL',
      open: async () => {
        const database = await openDatabase({ databaseUrl: u.toString() });
        await runMigrations(database);
        return database;
      },
      drop: () => admin(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`),
    });
  } catch {
    console.log('(PostgreSQL not reachable: PGlite only)');
  }
  return list;
}

const { records } = generateHistory(randomProfile(1), { from: FROM, days: DAYS });
const readings = records.filter((r) => r.type === 'sg').length;
console.log(
  `reports benchmark: ${DAYS} days of simulated data (${readings} readings, ${records.length} records)`,
);

const onlyDb = process.env.REPORTS_DB;
const onlyCalls = process.env.REPORTS_CALLS?.split(',');
for (const { label, open, drop } of await databases()) {
  if (onlyDb && label !== onlyDb) continue;
  const database = await open();
  const patientId = await createUser(database.db, {
    username: `bench-reports-${label}@example.com`,
    password: 'Bench#pass9',
    userType: 'P',
    realname: 'Bench Patient',
  });
  for (let i = 0; i < records.length; i += 10_000) {
    await database.db.transaction((tx) =>
      storeRecords(tx, patientId, 'realtime', records.slice(i, i + 10_000)),
    );
  }
  await database.exec('analyze');
  const { app, ctx } = await buildApp({ config: testConfig({ WEB_DIST: '/nonexistent' }), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const token = await createSessionStore({ db: ctx.db, clock: ctx.clock, config: ctx.config }).create(
    patientId,
    'user',
    false,
  );
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const last = '2025-04-05';
  const first90 = '2025-01-06';
  const first14 = '2025-03-23';
  const range = (from: string) => `?from=${from}&to=${last}`;
  const calls: Array<{ name: string; target: boolean; run: () => Promise<Response> }> = [
    {
      name: 'dd 14 days',
      target: true,
      run: () => fetch(base + API.chartData(patientId, 'dd') + range(first14), { headers }),
    },
    {
      name: 'ta 90 days',
      target: true,
      run: () => fetch(base + API.chartData(patientId, 'ta') + range(first90), { headers }),
    },
    {
      name: 'dashboard 90 days',
      target: true,
      run: () =>
        fetch(base + API.dataReport(patientId), {
          method: 'POST',
          headers,
          body: JSON.stringify({ reports: ['dashboard'], from: first90, to: last }),
        }),
    },
    {
      name: 'dashboard + segment 90 days',
      target: false,
      run: () =>
        fetch(base + API.dataReport(patientId), {
          method: 'POST',
          headers,
          body: JSON.stringify({ reports: ['dashboard', 'segment'], from: first90, to: last }),
        }),
    },
    {
      name: 'ol 14 days',
      target: false,
      run: () => fetch(base + API.chartData(patientId, 'ol') + range(first14), { headers }),
    },
    {
      name: 'ds 90 days',
      target: false,
      run: () => fetch(base + API.chartData(patientId, 'ds') + range(first90), { headers }),
    },
    {
      name: 'lgb 90 days',
      target: false,
      run: () => fetch(base + API.chartData(patientId, 'lgb') + range(first90), { headers }),
    },
    {
      name: 'datamap 365 days',
      target: false,
      run: () => fetch(base + API.chartDatamap(patientId) + `?to=${last}`, { headers }),
    },
  ];
  for (const call of calls) {
    if (onlyCalls && !onlyCalls.some((name) => call.name.startsWith(name))) continue;
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const s = performance.now();
      const res = await call.run();
      const body = await res.arrayBuffer(); // the last byte
      const ms = performance.now() - s;
      if (res.status !== 200)
        throw new Error(`${call.name}: HTTP ${res.status} ${Buffer.from(body).toString()}`);
      bytes = body.byteLength;
      if (i >= WARMUP) samples.push(ms);
    }
    const r = summarize(samples);
    const verdict = call.target ? ` (target ≤ ${TARGET_MS} ms median on PostgreSQL)` : '';
    console.log(
      `${label}: ${call.name.padEnd(28)} median ${fmt(r.median).padStart(6)} ms, p95 ${fmt(r.p95).padStart(6)} ms, ${fmt(bytes / 1024, 0)} KiB${verdict}`,
    );
  }
  await app.close();
  await database.close();
  await drop?.();
}
