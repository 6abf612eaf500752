import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceRecord } from '@cgm/contract';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { appState } from '../db/schema';
import { appendRecords } from '../patient-data';
import { demoState, type DemoState } from './seed-demo';

// Small parts: a request's query waits for at most one part on the embedded database, which runs
// on the server's thread (2,000 records took about 0.5 s on a busy 2-core machine; 500 about 0.1 s).
const PART = 500;
const DAY = 86_400_000;

/** The demo patients whose whole history is stored, of all of them (the login screen shows it). */
export interface DemoProgress {
  ready: number;
  total: number;
}

export function demoProgress(state: DemoState): DemoProgress {
  return { ready: state.complete?.length ?? 0, total: 1 + state.patients.length };
}

/**
 * Fills the demo with data after the server is listening: the live patient's history first (so
 * /monitor shows something within seconds), then the HCP's patients one by one. A patient counts
 * as done only in the transaction that commits the last part of their history; a start that was
 * interrupted halfway stores that patient's history again on the next start, and the parts
 * already stored count as duplicates (the simulator gives the same records for the same seed), so
 * nobody is left with part of their 90 days.
 */
export async function seedDemoHistories(
  ctx: AppContext,
  state: DemoState,
  log: FastifyBaseLogger,
  only: 'live' | 'all' = 'all',
): Promise<void> {
  const now = ctx.clock.now().getTime();
  const done = new Set((await demoState(ctx.db))?.complete ?? []);
  const queue = only === 'live' ? [state.live] : [state.live, ...state.patients];
  for (const [i, p] of queue.entries()) {
    if (done.has(p.patientId)) continue;
    const started = Date.now();
    // The HCP's patients uploaded until a few hours or days ago, as real patients do; their
    // history's upload is dated at its last reading, not at the moment the demo was made.
    const until = i === 0 ? now : Math.max(state.from + DAY, now - ((p.seed * 7919) % 72) * 3600_000);
    const records = await generateInWorker(p.seed, state.from, (until - state.from) / DAY);
    const out = await appendRecords(
      { ...ctx, clock: { now: () => new Date(until) } },
      {
        patientId: p.patientId,
        source: 'realtime',
        records,
        label: 'demo history',
        commitEvery: PART,
        alsoInTransaction: (tx) => markComplete(tx, p.patientId),
      },
    );
    // The embedded database's log would otherwise grow by about 60 MB a patient until the next
    // minute's checkpoint (db/client.ts).
    if (ctx.database.driver === 'pglite') await ctx.database.exec('CHECKPOINT');
    log.info(
      { patient: p.patientId, stored: out.stored, ms: Date.now() - started },
      `demo data ${i + 1}/${queue.length} stored`,
    );
  }
}

/** In the transaction of a patient's last part: the patient's history is whole. */
async function markComplete(tx: Db, patientId: string): Promise<void> {
  await tx
    .update(appState)
    .set({
      value: sql`jsonb_set(${appState.value}, '{complete}',
        coalesce(${appState.value}->'complete', '[]'::jsonb) || to_jsonb(${patientId}::text))`,
    })
    .where(eq(appState.key, 'demo'));
}

/** tsx's ESM register function, by its package's exports (a worker's eval script has no base path). */
function tsxLoader(): string {
  const pkgPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(join(dirname(pkgPath), pkg.exports['./esm/api']!.import.default)).href;
}

/**
 * 90 days of a virtual patient take a second or two of CPU: generated in a worker thread so the
 * server's event loop keeps answering (the first start's HCP login took 5 s while it ran inline).
 * The worker is TypeScript, so it registers the same loader the server runs under.
 */
function generateInWorker(seed: number, from: number, days: number): Promise<DeviceRecord[]> {
  const loader = tsxLoader();
  const script = new URL('./demo-history.worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: { seed, from, days } });
  return new Promise((resolve, reject) => {
    worker.once('message', (records: DeviceRecord[]) => {
      resolve(records);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`demo history worker stopped with code ${code}`));
    });
  });
}
