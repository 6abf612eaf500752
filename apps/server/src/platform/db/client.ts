import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** Reads that may lag a moment (reports, exports): a hot standby when one is configured, else `db`. */
  readDb: Db;
  driver: 'pglite' | 'postgres';
  /** Runs raw SQL (used by migrations tooling, tests and benchmarks). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance when embedded (LISTEN/NOTIFY and dumps need it). */
  pglite?: PGlite;
  pool?: pg.Pool;
}

/**
 * PGlite runs PostgreSQL as a single-user backend, which never checkpoints on its own while it
 * runs (only at close): after the demo, 1.3 GB of the 2.2 GB folder was write-ahead log. The
 * server asks for a checkpoint every minute (and the demo after each patient); a checkpoint lets
 * PostgreSQL drop the log down to min_wal_size. docs/OPERATIONS.md "Footprint" has the figures.
 * A new log segment is not filled with zeros first (wal_init_zero): in the single backend that
 * held up the write that crossed into it, about 50 ms every 16 MB of log. Exported so benchmarks
 * run the embedded database as the server does.
 */
export const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'max_wal_size=64MB',
  '-c',
  'min_wal_size=32MB',
  '-c',
  'wal_init_zero=off',
];
const CHECKPOINT_EVERY_MS = 60_000;

/** PostgreSQL's type id of bytea. */
const BYTEA_OID = 17;

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** With a DATABASE_URL: node-postgres; without: PGlite persisted under dataDir (DESIGN.md). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  /** A hot standby of databaseUrl (PostgreSQL only), for readDb. */
  readUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a terminated backend) emits 'error' on
    // the pool; without a listener that would crash the process. The pool drops the dead client and
    // opens a new one on the next query.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const readPool = opts.readUrl ? new pg.Pool({ connectionString: opts.readUrl, max: 10 }) : null;
    readPool?.on('error', (err) => opts.onIdleError?.(err));
    return {
      db,
      readDb: readPool ? (drizzlePg(readPool, { schema }) as unknown as Db) : db,
      driver: 'postgres',
      pool,
      exec: async (sql) => void (await pool.query(sql)),
      close: async () => {
        await Promise.all([pool.end(), readPool?.end()]);
      },
    };
  }
  let client = opts.pglite;
  let unlock = () => {};
  if (!client) {
    const dir = opts.dataDir ?? './data';
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dir);
    try {
      client = await PGlite.create(`${dir}/pglite`, { startParams: EMBEDDED_START_PARAMS });
    } catch (err) {
      unlock();
      throw err;
    }
  }
  const pglite = client;
  // Only for a folder this process opened (tests and tools pass in-memory instances).
  const checkpoints = opts.pglite
    ? null
    : setInterval(() => void pglite.exec('CHECKPOINT').catch(() => {}), CHECKPOINT_EVERY_MS);
  checkpoints?.unref();
  // PGlite's own bytea parser reads hex with parseInt per byte (about 100 ms a megabyte); a report
  // reads a megabyte of day blocks (migration 0005). Node decodes hex natively.
  pglite.parsers = { ...pglite.parsers, [BYTEA_OID]: (hex: string) => Buffer.from(hex.slice(2), 'hex') };
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    readDb: db,
    driver: 'pglite',
    pglite,
    exec: async (sql) => void (await pglite.exec(sql)),
    close: async () => {
      if (checkpoints) clearInterval(checkpoints);
      try {
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.driver === 'postgres') {
    await migratePg(database.db as never, config);
  } else {
    await migratePglite(database.db as never, config);
  }
}
