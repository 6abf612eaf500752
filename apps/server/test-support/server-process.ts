import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port';

// A real server process on a test database (several behind one PostgreSQL, as behind a load
// balancer), for the tests that need more than one process or a process that stops.

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  base: string;
  proc: ChildProcess;
}

/** Runs one statement on the PostgreSQL at `url` (create and drop the test's database). */
export async function adminSql(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** Starts `src/main.ts` on the database and waits until it answers; `env` adds to its settings. */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, proc };
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Stops the process (SIGTERM, or `signal`) and waits for it to exit. */
export async function stopServer(s: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (s.proc.exitCode !== null || s.proc.signalCode !== null) return;
  const exited = new Promise((r) => s.proc.once('exit', r));
  s.proc.kill(signal);
  await exited;
}
