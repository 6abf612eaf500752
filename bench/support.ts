import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import {
  EMBEDDED_START_PARAMS,
  openDatabase,
  runMigrations,
  type Database,
} from '../apps/server/src/platform/db/client';

/** An embedded database (in memory, or in `dir`) opened with the server's own start parameters. */
export const embeddedPGlite = (dir?: string): Promise<PGlite> =>
  dir
    ? PGlite.create(dir, { startParams: EMBEDDED_START_PARAMS })
    : PGlite.create({ startParams: EMBEDDED_START_PARAMS });

/** Median and 95th percentile of a list of durations (ms). */
export function summarize(samples: number[]): { median: number; p95: number; min: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), min: s[0] ?? NaN };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/**
 * Prints a figure against its target and marks the run failed when the target is missed, so
 * `npm run bench` exits 0 only when every target is met.
 */
export function checkTarget(
  line: string,
  value: number,
  op: '<=' | '>=',
  limit: number,
  unit: string,
): boolean {
  const met = Number.isFinite(value) && (op === '<=' ? value <= limit : value >= limit);
  const shown = limit.toLocaleString('en');
  console.log(`${line} (target ${op === '<=' ? '≤' : '≥'} ${shown} ${unit}): ${met ? 'met' : 'MISSED'}`);
  if (!met) process.exitCode = 1;
  return met;
}

/** A database name of this benchmark run alone: two runs on one server never drop each other's. */
export const benchDatabaseName = (kind: string) =>
  `cgm_bench_${kind}_${process.pid}_${randomBytes(3).toString('hex')}`;

/** The databases a benchmark runs on: PGlite always; PostgreSQL when it answers. */
export interface BenchDatabase {
  label: string;
  url?: string;
  open: () => Promise<Database>;
  /** Drops this run's PostgreSQL database (after the last connection closed). */
  drop?: () => Promise<void>;
}

export async function benchDatabases(only?: string): Promise<BenchDatabase[]> {
  const list: BenchDatabase[] = [
    {
      label: 'PGlite',
      open: async () => {
        const database = await openDatabase({ pglite: await embeddedPGlite() });
        await runMigrations(database);
        return database;
      },
    },
  ];
  if (only === 'PGlite') return list;
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = benchDatabaseName('run');
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  try {
    await dropLeftovers(url);
    await admin(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    list.push({
      label: 'PostgreSQL',
      url: u.toString(),
      open: async () => {
        const database = await openDatabase({ databaseUrl: u.toString() });
        await runMigrations(database);
        return database;
      },
      drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    });
  } catch {
    console.log('(PostgreSQL not reachable: PGlite only)');
  }
  return only ? list.filter((d) => d.label === only) : list;
}

/**
 * A server serves one database, so each database's run of a benchmark goes in a process of its own:
 * the first run's heap, compiled code (shaped by the other database's driver) and caches would
 * otherwise weigh on the second's figures. With `envName` unset, this runs the same benchmark once
 * per database with it set, one after the other, and exits (failed when any run failed); with it
 * set (also by hand, while tuning) it answers the one database to run here.
 */
export function oneDatabasePerProcess(envName: string): string {
  const only = process.env[envName];
  if (only) return only;
  let failed = false;
  for (const label of ['PGlite', 'PostgreSQL']) {
    const res = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, [envName]: label },
    });
    if (res.status !== 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

/**
 * Databases of earlier benchmark runs on this machine whose process is gone (a run that crashed or
 * does not drop its own): dropped, so unique names do not pile up. A live run's are left alone.
 */
async function dropLeftovers(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  await c.connect();
  try {
    const { rows } = await c.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^cgm_bench_[a-z_]+_[0-9]+_[0-9a-f]{6}$'",
    );
    for (const { datname } of rows) {
      const pid = Number(/_(\d+)_[0-9a-f]{6}$/.exec(datname)?.[1]);
      if (pid && !alive(pid)) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await c.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The built web app (`npm run build`; `npm run bench` builds it first) and its largest script: the
 * real bundle, nothing stood in. Without it the benchmark stops with exit 1: a first load or a
 * drawing measured on the server's "not built" page would be a figure of nothing.
 */
export function builtWebApp(): { dir: string; bundle: string } {
  const built = process.env.WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
  const assets = join(built, 'assets');
  const js = existsSync(assets)
    ? readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .sort((a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size)[0]
    : undefined;
  if (!js) {
    console.error(`no built web app in ${built}: run \`npm run build\` first`);
    process.exit(1);
  }
  return { dir: built, bundle: `/assets/${js}` };
}
