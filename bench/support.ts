import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, runMigrations, type Database } from '../apps/server/src/db/client';

/** Median and 95th percentile of a list of durations (ms). */
export function summarize(samples: number[]): { median: number; p95: number; min: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), min: s[0] ?? NaN };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** The databases a benchmark runs on: PGlite always; PostgreSQL when it answers. */
export interface BenchDatabase {
  label: string;
  url?: string;
  open: () => Promise<Database>;
}

export async function benchDatabases(): Promise<BenchDatabase[]> {
  const list: BenchDatabase[] = [
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
  try {
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    await probe.connect();
    await probe.query('DROP DATABASE IF EXISTS cgm_bench WITH (FORCE)');
    await probe.query('CREATE DATABASE cgm_bench');
    await probe.end();
    const u = new URL(url);
    u.pathname = '/cgm_bench';
    list.push({
      label: 'PostgreSQL',
      url: u.toString(),
      open: async () => {
        const database = await openDatabase({ databaseUrl: u.toString() });
        await runMigrations(database);
        return database;
      },
    });
  } catch {
    console.log('(PostgreSQL not reachable: PGlite only)');
  }
  return list;
}
