import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

// Throw-away PostgreSQL clusters for tests that need more than a database: a primary and a hot
// standby streaming from it (pg_basebackup), in a temporary folder on free ports. Needs the
// PostgreSQL server binaries and either the postgres user or root (which runs them as postgres).

const BIN_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder, or null. */
export function postgresBin(): string | null {
  if (!existsSync(BIN_ROOT)) return null;
  const versions = readdirSync(BIN_ROOT)
    .filter((v) => existsSync(join(BIN_ROOT, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(a) - Number(b));
  const last = versions[versions.length - 1];
  return last ? join(BIN_ROOT, last, 'bin') : null;
}

/** Whether this process can run a cluster: as postgres, or as root through runuser. */
export function canRunClusters(): boolean {
  const me = userInfo().username;
  if (!postgresBin()) return false;
  if (me === 'postgres') return true;
  if (me !== 'root') return false;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser') || existsSync('/usr/bin/runuser');
  } catch {
    return false;
  }
}

function asPostgres(tool: string, args: string[]): string {
  const bin = join(postgresBin()!, tool);
  const [cmd, argv] =
    userInfo().username === 'postgres' ? [bin, args] : ['runuser', ['-u', 'postgres', '--', bin, ...args]];
  return execFileSync(cmd, argv, { cwd: '/', encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface ReplicatedClusters {
  primaryUrl: (db: string) => string;
  standbyUrl: (db: string) => string;
  stop(): void;
}

/** A primary and a hot standby streaming from it, both started. */
export async function startReplicatedClusters(): Promise<ReplicatedClusters> {
  const dir = mkdtempSync(join(tmpdir(), 'cgm-replica-'));
  if (userInfo().username === 'root') {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const primary = join(dir, 'primary');
  const standby = join(dir, 'standby');
  const [p1, p2] = [await freePort(), await freePort()];
  const started: string[] = [];
  const stop = () => {
    for (const d of started.reverse()) {
      try {
        asPostgres('pg_ctl', ['-D', d, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    asPostgres('initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    // fsync off: a throw-away cluster; replication works with the defaults (wal_level replica,
    // max_wal_senders 10, and initdb's trust lines for replication from 127.0.0.1).
    asPostgres('pg_ctl', [
      '-D',
      primary,
      '-o',
      `-c port=${p1} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`,
      '-l',
      join(dir, 'primary.log'),
      '-w',
      'start',
    ]);
    started.push(primary);
    asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(p1),
      '-U',
      'postgres',
      '-D',
      standby,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    asPostgres('pg_ctl', [
      '-D',
      standby,
      '-o',
      `-c port=${p2} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c hot_standby=on`,
      '-l',
      join(dir, 'standby.log'),
      '-w',
      'start',
    ]);
    started.push(standby);
  } catch (e) {
    stop();
    throw e;
  }
  const url = (port: number) => (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  return { primaryUrl: url(p1), standbyUrl: url(p2), stop };
}
