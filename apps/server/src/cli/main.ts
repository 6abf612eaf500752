import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config';
import { openDatabase, runMigrations, type Database } from '../platform/db/client';
import { runCommand, USAGE } from './commands';

// Operators' command line: `npm run cli -- <command> [--options]`. Uses the same configuration as
// the server (DATABASE_URL or PGlite under DATA_DIR); do not run it against PGlite while the server
// holds the same data folder open.
async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      role: { type: 'string' },
      country: { type: 'string' },
      language: { type: 'string' },
      'created-by': { type: 'string' },
      organisation: { type: 'string' },
      'admin-login': { type: 'boolean' },
      'clinic-login': { type: 'boolean' },
      mfa: { type: 'boolean' },
      'terms-agreed': { type: 'boolean' },
      reject: { type: 'boolean' },
      note: { type: 'string' },
      code: { type: 'string' },
      days: { type: 'string' },
    },
    strict: true,
  });
  const config = loadConfig();
  const database: Database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  try {
    await runMigrations(database);
    console.log(await runCommand(command, values, { config, database }));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
