import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database (PGlite) allows one process on a data folder: a second one (a server, or
 * the command line while a server runs) would write into files the first keeps in memory, and one
 * of them loses its changes. Whoever opens the folder holds this lock file (the holder's process
 * id) until it closes; a lock whose process is gone (a crash, a power cut) is taken over.
 */
export const LOCK_FILE = 'portal.lock';

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}, most likely a running ` +
        `CGM Portal server). PGlite allows one process on a data folder: stop that server first ` +
        `(kill -TERM ${pid}, or Ctrl-C in its terminal), then run this again.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Takes the folder's lock or throws DataDirInUseError; returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(path);
      if (holder !== null && isAlive(holder)) throw new DataDirInUseError(dir, holder);
      // The holder is gone: its lock is stale.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock ${dir}: another process keeps creating ${LOCK_FILE}`);
}

function lockHolder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
