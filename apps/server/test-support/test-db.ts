import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createHash, randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../src/platform/db/client';

export const TEMPLATE_DIR = fileURLToPath(new URL('../../../.tmp/', import.meta.url));
export const TEMPLATE_FILE = `${TEMPLATE_DIR}pglite-template.tar`;
/**
 * One template per test run (`npm run test:db` names the run) or, for vitest started by hand, per
 * checkout: two runs on one PostgreSQL never drop each other's. Dropped when the run ends.
 */
export const PG_TEMPLATE_DB = `cgm_test_template_${
  process.env.CGM_TEST_RUN?.replace(/[^a-z0-9]/g, '') ||
  createHash('sha1').update(TEMPLATE_DIR).digest('hex').slice(0, 10)
}`;

/** Which database the db tests run on in this process (both in CI: see `npm run test:db`). */
export const testDriver = (): 'postgres' | 'pglite' =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: a copy of the template, on PGlite or (when
 * TEST_DATABASE_URL is set) on PostgreSQL. close() drops it.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `cgm_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    const close = database.close;
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
    return database;
  }
  const tar = readFileSync(TEMPLATE_FILE);
  const pglite = await PGlite.create({ loadDataDir: new Blob([tar]) });
  return openDatabase({ pglite });
}
