import { spawn, type ChildProcess } from 'node:child_process';
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
    // The journeys sign many people in from this one address within a minute.
    RATE_LIMITS: 'off',
    ...opts.env,
  };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  let child: ChildProcess | null = null;

  const start = async () => {
    // One process (node with tsx's loader, no npx or shell in between), so stopping it stops the
    // server itself and frees the embedded database's folder for the CLI.
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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

  // A test run that ends without afterAll (a crash, an interrupt) leaves no server behind.
  const killOnExit = () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    async cli(...args) {
      await stopChild();
      // Asynchronous, not spawnSync: the CLI may mail, and the mail server runs in this process.
      const res = await new Promise<{ status: number | null; stdout: string; stderr: string }>(
        (resolve, reject) => {
          const cli = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
            cwd: serverDir,
            env,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let stdout = '';
          let stderr = '';
          cli.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
          cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
          cli.on('error', reject);
          cli.on('close', (status) => resolve({ status, stdout, stderr }));
        },
      );
      await start();
      if (res.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${res.stderr}`);
      return res.stdout;
    },
    async stop() {
      process.off('exit', killOnExit);
      await stopChild();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
