// Issue "Device data and live monitoring" targets:
// - ingest of history: at least 20,000 readings per second in batches (PostgreSQL and PGlite);
// - reading 90 days of one patient's readings for a report: at most 30 ms on PostgreSQL (PGlite reported).
//
// The real path: the server runs as `npm start` runs it (its own process, on PGlite in a folder or
// on a PostgreSQL database of this run), the patient is created with the command line, and a device
// app in a third process (bench/ingest-client.mjs) signs in, registers, and sends 90 days of
// readings to the ingest API in batches of 5,000 (HTTP, device-token authentication, validation of
// each record, storage, the upload row, the live publish). The 90-day read is the store's read
// function on the same data (the server is stopped first on PGlite, which allows one process).
// Bare baselines in the same run, on PostgreSQL, from this process (not the server's): the same
// number of readings as multi-row INSERTs of 5,000 into a plain table with a primary key, and the
// 90 days' stored sensor blocks read with plain SQL (no decoding).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { users } from '../apps/server/src/platform/db/schema';
import { readGlucoseSeries } from '../apps/server/src/features/reports/readings.repository';
import pg from 'pg';
import { benchDatabases, checkTarget, fmt, summarize } from './support';
import { BARE_CREATE, BARE_MANY, bareMany, readings } from './write-readings';

const run$ = promisify(execFile);
const DAYS = 90;
const BATCH = 5000;
const USERNAME = 'bench-ingest@example.com';
const PASSWORD = 'Bench#pass9';
const start = Date.parse('2026-08-01T00:00:00Z');
const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
const client = fileURLToPath(new URL('./ingest-client.mjs', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: 'inherit',
  });
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

for (const target of await benchDatabases()) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cgm-bench-ingest-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
  };
  if (target.url) env.DATABASE_URL = target.url;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = dataDir;
  }
  try {
    // The command line migrates and creates the patient, as an operator would.
    await run$(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'create-user', '--type', 'P', '--username', USERNAME, '--password', PASSWORD, '--name', 'Bench Patient', '--terms-agreed'], { cwd: serverDir, env }); // prettier-ignore
    const server = await startServer(env, port);
    let result: { readings: number; stored: number; ms: number };
    try {
      const { stdout } = await run$(process.execPath, [client, `http://127.0.0.1:${port}`, USERNAME, PASSWORD, String(DAYS), String(BATCH), String(start)], { maxBuffer: 1 << 20 }); // prettier-ignore
      result = JSON.parse(stdout.trim().split('\n').at(-1)!) as typeof result;
    } finally {
      await stopServer(server);
    }
    if (result.stored !== result.readings) throw new Error(`stored ${result.stored} of ${result.readings}`);
    const bare = target.url ? await bareFigures(target.url, result.readings) : null;
    const rate = result.readings / (result.ms / 1000);
    checkTarget(
      `${target.label}: ingest ${result.readings} readings over HTTP in batches of ${BATCH} from a device app in its own process: ${fmt(result.ms, 0)} ms = ${fmt(rate, 0)} readings/s` +
        (bare
          ? `; bare multi-row INSERT ${fmt(bare.insertRate, 0)} readings/s, ratio of times ${fmt(bare.insertRate / rate, 2)}×`
          : ''),
      result.readings / (result.ms / 1000),
      '>=',
      20_000,
      'readings/s',
    );

    const database = target.url ? await target.open() : await openDatabase({ dataDir });
    try {
      const [patient] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, USERNAME));
      const from = new Date(start);
      const to = new Date(start + DAYS * 86400_000);
      const samples: number[] = [];
      let n = 0;
      for (let i = 0; i < 25; i++) {
        const s = performance.now();
        n = (await readGlucoseSeries(database.db, patient!.id, from, to)).time.length;
        samples.push(performance.now() - s);
      }
      const r = summarize(samples.slice(5));
      const b = target.url ? summarize(await bareRead(target.url, patient!.id, from, to)) : null;
      const line =
        `${target.label}: read 90 days (${n} readings): median ${fmt(r.median)} ms, p95 ${fmt(r.p95)} ms` +
        (b
          ? `; bare SQL read of the blocks median ${fmt(b.median)} ms, ratio ${fmt(r.median / b.median, 2)}×`
          : '');
      if (target.label === 'PostgreSQL') checkTarget(line, r.median, '<=', 30, 'ms');
      else console.log(`${line} (target ≤ 30 ms on PostgreSQL)`);
    } finally {
      await database.close();
    }
  } finally {
    await target.drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bare INSERTs of as many readings, in batches of the same size, into a plain table. */
async function bareFigures(url: string, count: number): Promise<{ insertRate: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(BARE_CREATE);
    const line = { patientId: 'bare', serial: 'TX-BARE', t0: start, stepMs: 120_000 };
    const t0 = performance.now();
    for (let i = 0; i < count; i += BATCH)
      await c.query(BARE_MANY, bareMany(readings(line, i, Math.min(BATCH, count - i))));
    return { insertRate: count / ((performance.now() - t0) / 1000) };
  } finally {
    await c.end();
  }
}

/** The 90 days' stored sensor blocks read with plain SQL, 25 times (the first 5 dropped). */
async function bareRead(url: string, patientId: string, from: Date, to: Date): Promise<number[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const hours = [Math.floor(from.getTime() / 3_600_000), Math.ceil(to.getTime() / 3_600_000)];
    const samples: number[] = [];
    for (let i = 0; i < 25; i++) {
      const s = performance.now();
      await c.query('select hour, packed from sg_blocks where patient_id = $1 and hour >= $2 and hour < $3', [
        patientId,
        ...hours,
      ]);
      samples.push(performance.now() - s);
    }
    return samples.slice(5);
  } finally {
    await c.end();
  }
}
