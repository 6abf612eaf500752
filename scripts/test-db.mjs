// Runs the server's database tests on the embedded PGlite and then, when TEST_DATABASE_URL names a
// PostgreSQL server, again on it (DESIGN.md: both drivers are tested). In CI (CI=true) a missing
// PostgreSQL fails the run instead of skipping it.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl && process.env.CI === 'true') {
  console.error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL run cannot be skipped.');
  process.exit(1);
}
// This run's name for its PostgreSQL template database (test-db.ts), so two runs on one server
// never drop each other's; the template is dropped when the run ends (global-setup.ts).
const run = randomBytes(5).toString('hex');
const vitest = (label, env) => {
  console.log(`\n=== database tests on ${label} ===`);
  const res = spawnSync('npx', ['vitest', 'run', '--project', 'db', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...env, CGM_TEST_RUN: run },
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

const { TEST_DATABASE_URL: _omit, ...pgliteEnv } = process.env;
vitest('PGlite', pgliteEnv);
if (pgUrl) vitest(`PostgreSQL (${new URL(pgUrl).host})`, process.env);
else console.log('\nTEST_DATABASE_URL not set: PostgreSQL run skipped (CI=true makes this a failure).');
