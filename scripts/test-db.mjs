// Runs the server's database tests on the embedded PGlite and then, when TEST_DATABASE_URL names a
// PostgreSQL server, again on it (DESIGN.md: both drivers are tested).
import { spawnSync } from 'node:child_process';

const pgUrl = process.env.TEST_DATABASE_URL;
const run = (label, env) => {
  console.log(`\n=== database tests on ${label} ===`);
  const res = spawnSync('npx', ['vitest', 'run', '--project', 'db', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

const { TEST_DATABASE_URL: _omit, ...pgliteEnv } = process.env;
run('PGlite', pgliteEnv);
if (pgUrl) run(`PostgreSQL (${new URL(pgUrl).host})`, process.env);
else console.log('\nTEST_DATABASE_URL not set: PostgreSQL run skipped.');
