import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from './platform/db/data-dir-lock';
import { freePort } from '../test-support/free-port';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const answers = async (url: string) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

describe('npm start and SIGTERM (issue 20)', () => {
  it('SIGTERM to the npm process stops the server itself within 10 s and frees the data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgm-stop-'));
    const port = await freePort();
    // The server's own start script, as `npm start` runs it after building the web app.
    const npm = spawn('npm', ['run', 'start', '-w', 'apps/server'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DATA_DIR: dir, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    try {
      const health = `http://127.0.0.1:${port}/healthz`;
      for (let i = 0; i < 300 && !(await answers(health)); i++) await new Promise((r) => setTimeout(r, 200));
      expect(await answers(health)).toBe(true);
      expect(existsSync(join(dir, LOCK_FILE))).toBe(true);

      const sent = Date.now();
      const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
      npm.kill('SIGTERM');
      await exited;
      // npm has gone; the server must have gone with it, not be left serving as an orphan.
      while (Date.now() - sent < 10_000 && (await answers(health)))
        await new Promise((r) => setTimeout(r, 200));
      expect(await answers(health)).toBe(false);
      expect(Date.now() - sent).toBeLessThan(10_000);
      // The server closed its database on the way out (the lock is released in close()).
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
