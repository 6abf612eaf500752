import { mkdirSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, runMigrations } from '../src/platform/db/client';
import { PG_TEMPLATE_DB, TEMPLATE_FILE, TEMPLATE_DIR } from './test-db';

/**
 * Once per test run: migrate a database and keep it as the template every test file starts from
 * (PGlite takes seconds to create; loading a dumped data directory takes a fraction of that).
 * With TEST_DATABASE_URL the same is done on PostgreSQL with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(): Promise<void | (() => Promise<void>)> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, PG_TEMPLATE_DB) });
    await runMigrations(database);
    await database.close();
    // The run leaves nothing behind on the server: its template goes when it ends.
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
      await c.end();
    };
  }
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await runMigrations(database);
  const dump = await pglite.dumpDataDir('none');
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
