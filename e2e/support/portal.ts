import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';

const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Portal {
  url: string;
  /** Runs the operators' CLI against this portal's data (stops and restarts the embedded database's server). */
  cli(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The real portal (built web app + server) on the embedded database in a temporary folder, on a
 * free loopback port, delivering mail to `smtpUrl`.
 */
export async function startPortal(opts: { smtpUrl: string; env?: Record<string, string> }): Promise<Portal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cgm-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: opts.smtpUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    DATABASE_URL: '',
    ...opts.env,
  };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn('npx', ['tsx', 'src/main.ts'], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.ok) return;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('portal did not start');
  };
  const stopChild = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  };

  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    async cli(...args) {
      await stopChild();
      const res = spawnSync('npx', ['tsx', 'src/cli/main.ts', ...args], {
        cwd: serverDir,
        env,
        encoding: 'utf8',
      });
      await start();
      if (res.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${res.stderr}`);
      return res.stdout;
    },
    async stop() {
      await stopChild();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
