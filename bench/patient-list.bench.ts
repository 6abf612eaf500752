// Issue "Connections, consent and care teams" target: an HCP patient list of 1,000 patients with
// latest glucose and 14-day time in range: first page at most 100 ms on PostgreSQL (PGlite
// reported).
//
// 1,000 patients in one HCP's care, each with 14 days of sensor readings every 2 minutes (the
// portal's sampling interval: 10,080 readings each, 10.08 million in all; `STEP_MIN=5` for a
// lighter run), written through the patient-data write path. Then GET api/v2.0/patients,
// first page of 20, through the real HTTP handler (app.inject): median and p95 of the default
// sort (name) and of the sort by time in range, which needs the 14-day figures of all 1,000.
import { mkdtempSync, rmSync } from 'node:fs';
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
import { fmt, summarize } from './support';

const PATIENTS = Number(process.env.PATIENTS ?? 1000);
const STEP_MIN = Number(process.env.STEP_MIN ?? 2);
const DAYS = 14;
const RUNS = 30;
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_DB = 'cgm_bench_patient_list';

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
  const perPatient = (DAYS * 1440) / STEP_MIN;
  // Through the one write path (patient-data storeRecords: hour blocks and counts), a patient at
  // a time; the values follow the same waves as before.
  const t0 = Date.parse(at) - 14 * 86_400_000;
  for (let i = 1; i <= PATIENTS; i++) {
    const records = Array.from({ length: perPatient }, (_, k) => ({
      type: 'sg' as const,
      serial: 'TX',
      seq: k,
      time: t0 + k * STEP_MIN * 60_000,
      utc_offset_min: 60,
      mgdl: Math.round(140 + 70 * Math.sin(k / 90 + i) + 25 * Math.sin(k / 7 + i * 3)),
      rate: 4,
    }));
    await db.transaction((tx) => storeRecords(tx, `p${i}`, 'realtime', records));
  }
  await database.exec('vacuum analyze');
  return perPatient * PATIENTS;
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
      `${target.label}: ${PATIENTS} patients, ${readings.toLocaleString('en')} readings (every ${STEP_MIN} min, ${DAYS} days) seeded in ${fmt((performance.now() - t0) / 1000, 0)} s`,
    );
    const { app } = await buildApp({
      config: testConfig({ WEB_DIST: '/nonexistent', ...(url ? { DATABASE_URL: url } : {}) }),
      database,
    });
    const page = async (sort: string) => {
      const s = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `${API.patients}?page=1&size=20&sort=${sort}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - s;
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      return {
        ms,
        items: (JSON.parse(res.body) as { patients: { items: unknown[] } }).patients.items.length,
      };
    };
    for (const sort of ['name', 'glucose', 'upload_time', 'tir'] as const) {
      // Three calls warm caches and the plan; a sort that takes seconds is sampled 5 times, not 30.
      let last = { ms: 0, items: 0 };
      for (let i = 0; i < 3; i++) last = await page(sort);
      const samples: number[] = [];
      const runs = last.ms > 2000 ? 5 : RUNS;
      for (let i = 0; i < runs; i++) samples.push((last = await page(sort)).ms);
      const r = summarize(samples);
      console.log(
        `${target.label}: first page (${last.items} of ${PATIENTS}) sort=${sort}: median ${fmt(r.median)} ms, p95 ${fmt(r.p95)} ms over ${runs} calls (target ≤ 100 ms on PostgreSQL)`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    await drop();
  }
}

const only = process.env.ONLY;
for (const target of targets) if (!only || target.label === only) await run(target);
