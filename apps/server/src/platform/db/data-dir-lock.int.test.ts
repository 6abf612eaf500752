import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from './client';
import { LOCK_FILE } from './data-dir-lock';
import { users } from './schema';

const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cgm-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('one process on an embedded data folder (issue 20)', () => {
  it('refuses a second opener while the first holds the folder, and lets it in once closed', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      /in use by another process \(pid \d+[\s\S]*stop that server first/,
    );
    await first.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const second = await openDatabase({ dataDir: dir });
    await second.close();
  });

  it('takes over the lock of a process that is gone (a crash leaves it behind)', async () => {
    const dir = tempDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(join(dir, LOCK_FILE), `${gone.stdout.toString()}\n`);
    const database = await openDatabase({ dataDir: dir });
    await database.close();
  });

  it('the command line refuses, changes nothing and exits 1 while a server holds the folder', async () => {
    const dir = tempDir();
    const server = await openDatabase({ dataDir: dir });
    await runMigrations(server);
    const cli = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'create-super-admin', '--username', 'root@example.com', '--password', 'Adm1n#Pass', '--name', 'Root'], // prettier-ignore
      { cwd: SERVER_DIR, env: { ...process.env, DATA_DIR: dir } },
    );
    let out = '';
    cli.stdout.on('data', (b: Buffer) => (out += b.toString()));
    cli.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const code = await new Promise<number | null>((done) => cli.on('close', done));
    expect(code).toBe(1);
    expect(out).toMatch(/in use by another process \(pid \d+/);
    expect(out).not.toMatch(/created/);
    const found = await server.db.select().from(users).where(eq(users.username, 'root@example.com'));
    expect(found).toHaveLength(0);
    await server.close();
    // A process that starts Node, tsx and PGlite: give it time on a loaded machine.
  }, 120_000);
});
