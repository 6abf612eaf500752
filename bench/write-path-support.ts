// Helpers of write-path.bench.ts: the three patients, the client process, and the database's own
// measures (size, row writes), read through generic SQL only so they do not depend on how the
// server lays out its tables.
import { fork, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { Database } from '../apps/server/src/platform/db/client';
import { devices } from '../apps/server/src/platform/db/schema';
import { createAccount } from '../apps/server/src/accounts/create-account';
import { newId, newToken, sha256 } from '../apps/server/src/platform/lib/crypto';
import { createCredential } from '../apps/server/src/features/nightscout/ns-credentials.repository';
import { BARE_TABLE, type FromClient, type Job, type JobResult, type ToClient } from './write-readings';

/**
 * A patient with a device app (device API), another with a Nightscout upload credential, and a
 * third with a device app that sends the Nightscout uploader's readings (line 3's reference).
 */
export async function createPatients(database: Database) {
  const patient = (name: string) =>
    createAccount(database.db, {
      username: `${name}@bench.test`,
      password: 'Bench#pass9',
      userType: 'P',
      realname: name,
    });
  const withDevice = async (name: string) => {
    const patientId = await patient(name);
    const token = newToken();
    await database.db.insert(devices).values({
      id: newId(),
      patientId,
      kind: 'patch_app',
      serial: `PB-${name}`,
      tokenHash: sha256(token),
    });
    return { patientId, token };
  };
  const device = await withDevice('device-patient');
  const sameBatch = await withDevice('same-batch-patient');
  const nightscoutPatient = await patient('nightscout-patient');
  const credential = await createCredential(
    database.db,
    nightscoutPatient,
    'xDrip+',
    'readwrite',
    new Date(),
  );
  return {
    devicePatient: device.patientId,
    deviceToken: device.token,
    sameBatchPatient: sameBatch.patientId,
    sameBatchToken: sameBatch.token,
    nightscoutPatient,
    nightscoutSecretSha1: credential.apiSecretSha1,
  };
}

/** The load generator in its own process; `run` hands it one job and waits for its figures. */
export async function startClients(setup: Extract<ToClient, { type: 'setup' }>['setup']) {
  const child: ChildProcess = fork(new URL('./write-clients.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    cwd: new URL('.', import.meta.url),
  });
  let pending: { resolve: (m: FromClient) => void; reject: (e: Error) => void } | undefined;
  child.on('message', (m: FromClient) => pending?.resolve(m));
  child.on('exit', (code) => pending?.reject(new Error(`client process exited (${code})`)));
  const ask = (msg: ToClient) =>
    new Promise<FromClient>((resolve, reject) => {
      pending = { resolve, reject };
      child.send(msg);
    }).then((m) => {
      if (m.type === 'failed') throw new Error(`client process: ${m.message}`);
      return m;
    });
  await ask({ type: 'setup', setup });
  return {
    run: async (job: Job): Promise<JobResult> => {
      const m = await ask({ type: 'job', job });
      if (m.type !== 'done') throw new Error(`client process answered ${m.type}`);
      if (m.result.stored !== job.size * job.count)
        throw new Error(`${job.api}: ${m.result.stored} of ${job.size * job.count} readings stored`);
      if (job.alongside && m.result.alongsideStored !== job.size * job.count)
        throw new Error(`alongside: ${m.result.alongsideStored} of ${job.size * job.count} readings stored`);
      return m.result;
    },
    close: () =>
      new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.send({ type: 'close' }))),
  };
}

/** pg_database_size on a fresh connection (see below), after VACUUM (not FULL) and ANALYZE. */
export async function vacuumedSize(url: string): Promise<{ database: number; bare: number }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('VACUUM');
  await admin.query('ANALYZE');
  await admin.end();
  // VACUUM of the catalogs can drop the relcache init file (pg_internal.init, ~100 kB, counted in
  // pg_database_size); every new backend writes it again at start, so measure from a new one.
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ database: string; bare: string }>(
    `SELECT pg_database_size(current_database()) AS database, pg_total_relation_size($1) AS bare`,
    [BARE_TABLE],
  );
  await c.end();
  return { database: Number(r.rows[0]!.database), bare: Number(r.rows[0]!.bare) };
}

/**
 * Rows inserted, updated and deleted so far in every user table but the bare one
 * (pg_stat_user_tables: n_tup_ins + n_tup_upd + n_tup_del).
 *
 * Since PostgreSQL 15 each backend keeps its counters locally and adds them to the shared
 * statistics when it goes idle, but at most once a second; when it flushed less than a second ago
 * it keeps them for up to 10 s (PGSTAT_IDLE_INTERVAL). A pause is therefore not reliable. Instead
 * every connection of the server's pool (the server runs in this process, and its pool is the only
 * way it writes) runs `pg_stat_force_next_flush()`: the backend then flushes, without waiting for a
 * lock, before it answers ReadyForQuery, so once the query returns its counters are shared.
 * Backends the pool has already closed flushed when they exited. The read then starts a fresh
 * statistics snapshot (pg_stat_clear_snapshot) so it sees them.
 */
export async function rowWrites(database: Database, url: string): Promise<number> {
  const pool = database.pool;
  if (!pool) throw new Error('row writes are counted on PostgreSQL only');
  // Work the server does after its answer (waking followers, evaluating alerts) may still hold a
  // connection: wait until every one is idle, or connect() would open a new one beside it and the
  // busy one would keep its counters.
  for (let i = 0; i < 200 && pool.idleCount < pool.totalCount; i++)
    await new Promise((r) => setTimeout(r, 10));
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    await Promise.all(clients.map((c) => c.query('SELECT pg_stat_force_next_flush()')));
  } finally {
    for (const c of clients) c.release();
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('SELECT pg_stat_clear_snapshot()');
  const r = await c.query<{ n: string }>(
    `SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint AS n
       FROM pg_stat_user_tables WHERE relid <> $1::regclass`,
    [BARE_TABLE],
  );
  await c.end();
  return Number(r.rows[0]!.n);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** Readings per second over requests of `size` readings sent one after another. */
export const perSecond = (ms: number[], size: number) => (ms.length * size) / (sum(ms) / 1000);

/** One result line: the figure, its target, the ratio to the bare baseline, and the verdict. */
/** How many targets the run missed: the benchmark exits 1 when any was (npm run bench fails). */
export const missed = { count: 0 };

/** `ok` 'reported': a figure shown beside a target it cannot be held to (see its caller). */
export function line(
  label: string,
  figure: string,
  target: string,
  bare: string,
  ok: boolean | 'reported',
): void {
  if (ok === false) missed.count++;
  const verdict = ok === 'reported' ? 'reported' : ok ? 'OK' : 'MISSED';
  console.log(`${label}: ${figure} | target ${target} | ${bare} | ${verdict}`);
}
