// Issues 21 and 18 targets: an HCP's patient list of 10,000 patients with 90 days of sensor data
// each, first page (20) at most 50 ms on PostgreSQL sorted by risk (the default) and by name, and
// flat as days stored grow: the same page with 90 days stored at most 1.5× the page with 30. The
// figure sorts, the "needs attention" filter and the summary job's cost per patient are reported
// (issue 18: ≤ 100 ms). PGlite reported (1,000 patients: `PGLITE_PATIENTS`), in a process of its own;
// PATIENT_LIST_DB=PostgreSQL (or PGlite) runs one of the two.
//
// Patients, relations and readings: bench/patient-list-seed.ts (templates through the write path,
// copies in SQL, every 5 minutes, `STEP_MIN`), the newest 30 days first, then the 60 before them.
// After each: GET api/v2.0/patients?page=1&size=20&sort=… over HTTP from a client in its own
// process (bench/http-client.mjs) to the server listening here (its authentication, validation,
// queries and serialisation), median and p95 of each sort. The bare baseline, in the same run on
// the same database: the page's 20 patients by name and the count in plain SQL over one `pg`
// connection, from a process of its own (bench/sql-client.mjs); PostgreSQL only.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { API } from '@cgm/contract';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/platform/config';
import { openDatabase, runMigrations, type Database } from '../apps/server/src/platform/db/client';
import { newToken } from '../apps/server/src/platform/lib/crypto';
import {
  benchDatabaseName,
  checkTarget,
  embeddedPGlite,
  fmt,
  oneDatabasePerProcess,
  summarize,
} from './support';
import { copySummaries, copyTemplates, DAYS, PATIENTS, seedPatients, STEP_MIN } from './patient-list-seed';

const run$ = promisify(execFile);
const RUNS = 30;
const FIRST_DAYS = 30;
const TARGET_MS = 50;
const FLAT_RATIO = 1.5;
/** The query of each measured page: the default (risk), then every sort, then the filter. */
const PAGES: Array<[label: string, query: string]> = [
  ['risk (default)', ''],
  ['name', '&sort=name'],
  ...['glucose', 'upload_time', 'tir', 'very_low', 'below', 'above', 'wear', 'gmi', 'cv', 'last_reading'].map(
    (s): [string, string] => [s, `&sort=${s}`],
  ),
  ['needs attention', '&attention=1'],
];
/** The pages held to TARGET_MS and to flatness. */
const HELD = ['risk (default)', 'name'];
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_DB = benchDatabaseName('patient_list');
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The bare page: the same 20 patients by name and the count, with nothing else. */
const BARE = `select u.id, u.username, p.realname from relations r
    join users u on u.id = r.patient_id and u.user_type = 'P' left join profiles p on p.user_id = u.id
   where r.follower_id = 'hcp' and r.state = 'accepted'
   order by lower(coalesce(nullif(p.realname, ''), u.username)), u.id limit 20;
  select count(*) from relations r join users u on u.id = r.patient_id and u.user_type = 'P'
   where r.follower_id = 'hcp' and r.state = 'accepted'`;

interface Target {
  label: string;
  patients: number;
  open: () => Promise<{ database: Database; url?: string; drop: () => Promise<void> }>;
}

const targets: Target[] = [
  {
    label: 'PGlite',
    patients: Math.min(PATIENTS, Number(process.env.PGLITE_PATIENTS ?? 1000)),
    open: async () => {
      // On disk: millions of count rows do not fit PGlite's in-memory file system comfortably.
      const dir = mkdtempSync(join(tmpdir(), 'cgm-bench-list-'));
      const database = await openDatabase({ pglite: await embeddedPGlite(join(dir, 'pglite')) });
      return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    label: 'PostgreSQL',
    patients: PATIENTS,
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

/** A client in its own process: its samples (ms). */
async function clientRun(args: string[]): Promise<{ samples: number[]; failures: number }> {
  const { stdout } = await run$(process.execPath, args, { maxBuffer: 1 << 24 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { samples: number[]; failures: number };
}

/** Median and p95 of each page over HTTP: every median returned, and the bare page's. */
async function measure(label: string, base: string, token: string, url: string | undefined) {
  const medians: Record<string, number> = {};
  for (const [sort, query] of PAGES) {
    const args = [here('./http-client.mjs'), `${base}${API.patients}?page=1&size=20${query}`, token];
    // Three calls warm caches and the plan; a sort that takes seconds is sampled 5 times, not 30.
    const warm = await clientRun([...args, '3']);
    const runs = (warm.samples.at(-1) ?? 0) > 1000 ? 5 : RUNS;
    const { samples, failures } = await clientRun([...args, String(runs)]);
    if (failures) throw new Error(`${failures} of ${runs} calls failed`);
    const r = summarize(samples);
    medians[sort] = r.median;
    console.log(`${label} sort=${sort}: median ${fmt(r.median)} ms, p95 ${fmt(r.p95)} ms over ${runs} calls`);
  }
  let bare = NaN;
  if (url) {
    const sqlClient = here('./sql-client.mjs');
    await clientRun([sqlClient, url, '3', BARE]);
    bare = summarize((await clientRun([sqlClient, url, String(RUNS), BARE])).samples).median;
    console.log(
      `${label} bare page by name in SQL: median ${fmt(bare)} ms (name sort ×${fmt(medians.name! / bare)})`,
    );
  }
  return { medians, bare };
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
  const patients = target.patients;
  try {
    await runMigrations(database);
    const token = newToken();
    const now = new Date();
    const t0 = performance.now();
    await seedPatients(database, token, now, patients);
    const { app } = await buildApp({
      config: testConfig({ WEB_DIST: '/nonexistent', ...(url ? { DATABASE_URL: url } : {}) }),
      database,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const results: Array<{ days: number; medians: Record<string, number>; bare: number }> = [];
    for (const [step, days] of [
      ['newest', FIRST_DAYS],
      ['older', DAYS],
    ] as const) {
      await copyTemplates(database, now, step, FIRST_DAYS, patients);
      if (step === 'newest') {
        // The summary job's cost: the templates' rows, computed from 28 days of their readings.
        const perPatient = await copySummaries(database, now, patients);
        console.log(
          `${target.label}: list summaries ${fmt(perPatient, 2)} ms per patient (job cycle for all ${patients.toLocaleString('en')}: ≈ ${fmt((perPatient * patients) / 1000, 0)} s)`,
        );
      }
      await database.exec('vacuum analyze');
      const label = `${target.label}, ${patients.toLocaleString('en')} patients × ${days} days`;
      console.log(
        `${label}: the templates' readings (every ${STEP_MIN} min) stored after ${fmt((performance.now() - t0) / 1000, 0)} s`,
      );
      results.push({ days, ...(await measure(label, base, token, url)) });
    }
    await app.close();
    const [first, last] = [results[0]!, results.at(-1)!];
    for (const page of HELD) {
      const ms = last.medians[page]!;
      const bare = Number.isNaN(last.bare)
        ? 'no bare baseline: PGlite takes one connection'
        : `bare SQL ${fmt(last.bare)} ms, ×${fmt(ms / last.bare)}`;
      const line = `${target.label}: first page of ${patients.toLocaleString('en')} patients × ${DAYS} days, ${page}, over HTTP: median ${fmt(ms)} ms (${bare})`;
      const flat = `${target.label}: the same page (${page}) with ${DAYS} days stored against ${first.days}: ×${fmt(ms / first.medians[page]!, 2)} (${fmt(ms)} against ${fmt(first.medians[page]!)} ms)`;
      if (target.label === 'PostgreSQL') {
        checkTarget(line, ms, '<=', TARGET_MS, 'ms');
        checkTarget(flat, ms / first.medians[page]!, '<=', FLAT_RATIO, '×');
      } else console.log(`${line} (target ≤ ${TARGET_MS} ms on PostgreSQL)\n${flat}`);
    }
  } finally {
    await database.close();
    await drop();
  }
}

const only = oneDatabasePerProcess('PATIENT_LIST_DB');
for (const target of targets) if (target.label === only) await run(target);
