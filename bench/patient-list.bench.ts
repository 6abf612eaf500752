// Issue "Connections, consent and care teams" target: an HCP patient list of 1,000 patients with
// latest glucose and 14-day time in range: first page at most 100 ms on PostgreSQL (PGlite
// reported).
//
// 1,000 patients in one HCP's care, with sensor readings every 2 minutes (the portal's sampling
// interval; `STEP_MIN=5` for a lighter run) over 0 to 30 days that end between now and 4 days ago,
// as real patients upload (a patient without data, one whose 14-day window is half full, one with
// a month), written through the patient-data write path. Then GET api/v2.0/patients, first page
// of 20, over HTTP from a client in its own process (bench/http-client.mjs) to the server listening
// here (its authentication, validation, queries and serialisation): median and p95 of the default
// sort (name) and of the sort by time in range, which needs the 14-day figures of all 1,000.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { API } from '@cgm/contract';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase, runMigrations, type Database } from '../apps/server/src/db/client';
import { newToken, sha256 } from '../apps/server/src/lib/crypto';
import { storeRecords } from '../apps/server/src/patient-data';
import { benchDatabaseName, checkTarget, fmt, summarize } from './support';

const run$ = promisify(execFile);
const PATIENTS = Number(process.env.PATIENTS ?? 1000);
const STEP_MIN = Number(process.env.STEP_MIN ?? 2);
/** Days of data of patient i: 0 to 30, and how long ago their last reading was: 0 to 4 days. */
const daysOf = (i: number) => (i * 7) % 31;
const agoOf = (i: number) => ((i * 13) % 97) * 3_600_000;
const RUNS = 30;
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_DB = benchDatabaseName('patient_list');

interface Target {
  label: string;
  open: () => Promise<{ database: Database; url?: string; drop: () => Promise<void> }>;
}

const targets: Target[] = [
  {
    label: 'PGlite',
    open: async () => {
      // On disk: 10 million readings do not fit PGlite's in-memory file system comfortably.
      const dir = mkdtempSync(join(tmpdir(), 'cgm-bench-list-'));
      const database = await openDatabase({ pglite: await PGlite.create(join(dir, 'pglite')) });
      return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    label: 'PostgreSQL',
    open: async () => {
      const admin = async (q: string) => {
        const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1000 });
        await c.connect();
        await c.query(q);
        await c.end();
      };
      await admin(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${PG_DB}`);
      const u = new URL(PG_URL);
      u.pathname = `/${PG_DB}`;
      const database = await openDatabase({ databaseUrl: u.toString() });
      return {
        database,
        url: u.toString(),
        drop: () => admin(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`),
      };
    },
  },
];

/** The HCP, the patients with profiles and accepted relations, and their readings, all in SQL. */
async function seed(database: Database, token: string, now: Date): Promise<number> {
  const db = database.db;
  const at = now.toISOString();
  await db.execute(sql`insert into users (id, username, password_hash, user_type, created_by, status, country, language)
    values ('hcp', 'hcp@bench.test', 'x', 'D', 'cli', 'active', 'GB', 'en')`);
  await db.execute(sql`insert into profiles (user_id, realname) values ('hcp', 'Bench Doctor')`);
  await db.execute(sql`insert into sessions (id, user_id, token_hash, kind, expires_at)
    values ('s1', 'hcp', ${sha256(token)}, 'user', ${at}::timestamptz + interval '1 day')`);
  await db.execute(sql`insert into users (id, username, password_hash, user_type, created_by, status, country, language)
    select 'p' || i, 'p' || i || '@bench.test', 'x', 'P', 'register', 'active', 'GB', 'en'
      from generate_series(1, ${PATIENTS}) i`);
  await db.execute(sql`insert into profiles (user_id, realname, diabetes_type)
    select 'p' || i, 'Patient ' || lpad(i::text, 4, '0'), case when i % 3 = 0 then 'type2' else 'type1' end
      from generate_series(1, ${PATIENTS}) i`);
  await db.execute(sql`insert into relations (id, patient_id, follower_id, follower_type, state, requested_by)
    select 'r' || i, 'p' || i, 'hcp', 'D', 'accepted', 'hcp' from generate_series(1, ${PATIENTS}) i`);
  // Through the one write path (patient-data storeRecords: hour blocks and counts), a patient at
  // a time; the values follow the same waves as before.
  const perMinute = 1 / STEP_MIN;
  let total = 0;
  for (let i = 1; i <= PATIENTS; i++) {
    const n = Math.round(daysOf(i) * 1440 * perMinute);
    const end = Date.parse(at) - agoOf(i);
    const records = Array.from({ length: n }, (_, k) => ({
      type: 'sg' as const,
      serial: 'TX',
      seq: k,
      time: end - (n - k) * STEP_MIN * 60_000,
      utc_offset_min: 60,
      mgdl: Math.round(140 + 70 * Math.sin(k / 90 + i) + 25 * Math.sin(k / 7 + i * 3)),
      rate: 4,
    }));
    if (n) await db.transaction((tx) => storeRecords(tx, `p${i}`, 'realtime', records));
    total += n;
  }
  await database.exec('vacuum analyze');
  return total;
}

async function run(target: Target): Promise<void> {
  let opened: Awaited<ReturnType<Target['open']>>;
  try {
    opened = await target.open();
  } catch {
    console.log(`(${target.label} not reachable: skipped)`);
    return;
  }
  const { database, url, drop } = opened;
  try {
    await runMigrations(database);
    const token = newToken();
    const now = new Date();
    const t0 = performance.now();
    const readings = await seed(database, token, now);
    console.log(
      `${target.label}: ${PATIENTS} patients, ${readings.toLocaleString('en')} readings (every ${STEP_MIN} min, 0-30 days each) seeded in ${fmt((performance.now() - t0) / 1000, 0)} s`,
    );
    const { app } = await buildApp({
      config: testConfig({ WEB_DIST: '/nonexistent', ...(url ? { DATABASE_URL: url } : {}) }),
      database,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const client = fileURLToPath(new URL('./http-client.mjs', import.meta.url));
    for (const sort of ['name', 'glucose', 'upload_time', 'tir'] as const) {
      const url = `${base}${API.patients}?page=1&size=20&sort=${sort}`;
      // Three calls warm caches and the plan; a sort that takes seconds is sampled 5 times, not 30.
      const warm = await clientRun(client, url, token, 3);
      const runs = (warm.samples.at(-1) ?? 0) > 2000 ? 5 : RUNS;
      const { samples, failures } = await clientRun(client, url, token, runs);
      if (failures) throw new Error(`${failures} of ${runs} calls failed`);
      const r = summarize(samples);
      const line = `${target.label}: first page of ${PATIENTS} sort=${sort}: median ${fmt(r.median)} ms, p95 ${fmt(r.p95)} ms over ${runs} calls over HTTP`;
      if (target.label === 'PostgreSQL') checkTarget(line, r.median, '<=', 100, 'ms');
      else console.log(`${line} (target ≤ 100 ms on PostgreSQL)`);
    }
    await app.close();
  } finally {
    await database.close();
    await drop();
  }
}

/** The HTTP client in its own process: its samples (ms). */
async function clientRun(client: string, url: string, token: string, count: number) {
  const { stdout } = await run$(process.execPath, [client, url, token, String(count)]);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { samples: number[]; failures: number };
}

const only = process.env.ONLY;
for (const target of targets) if (!only || target.label === only) await run(target);
