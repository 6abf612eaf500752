import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../platform/context';
import type { Db } from '../platform/db/client';
import { appState } from '../platform/db/schema';
import { appendRecords } from '../patient-data';
import { demoState, LIVE_SIGNAL_LOSS_MAX_MIN, type DemoState } from './seed-demo';
import { startHistoryGenerator } from './history-generator';

// Parts: a request's query waits for at most one part on the embedded database, which runs on the
// server's thread. Each part's transaction costs about as much again as 1,500 records, so small
// parts made the demo 2.4 times slower (500: 110 ms a part, 22 s a patient; 3,000: 250 ms a part,
// 8.6 s a patient, on this 2-core machine at load 20; about a quarter of that when it is quiet).
const PART = 3000;
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
  opts: {
    /** Only the live patient's history (tests). */
    liveOnly?: boolean;
    /** Once the live patient's history is stored (or was already): its devices start streaming. */
    afterLive?: () => Promise<void>;
    /** Awaited between parts: until the requests being answered are done (request-activity.ts). */
    betweenParts?: () => Promise<void>;
  } = {},
): Promise<void> {
  const now = ctx.clock.now().getTime();
  const done = new Set((await demoState(ctx.db))?.complete ?? []);
  const all = opts.liveOnly ? [state.live] : [state.live, ...state.patients];
  const queue = all
    .map((p, i) => ({ ...p, number: i + 1, until: historyEnd(state, p.seed, i === 0, now) }))
    .filter((p) => !done.has(p.patientId));
  if (done.has(state.live.patientId)) await opts.afterLive?.();
  if (!queue.length) return;
  const generator = startHistoryGenerator();
  const generate = (p: (typeof queue)[number]) => {
    const records = generator.generate({
      seed: p.seed,
      from: state.from,
      days: (p.until - state.from) / DAY,
      maxSignalLossMin: p.patientId === state.live.patientId ? LIVE_SIGNAL_LOSS_MAX_MIN : undefined,
    });
    records.catch(() => undefined); // awaited below; an error stops the loop before then
    return records;
  };
  try {
    let next = generate(queue[0]!);
    for (const [i, p] of queue.entries()) {
      const started = Date.now();
      const records = await next;
      const generatedMs = Date.now() - started;
      // The next patient is generated on the worker's core while this one is stored on ours.
      if (queue[i + 1]) next = generate(queue[i + 1]!);
      const out = await appendRecords(
        { ...ctx, clock: { now: () => new Date(p.until) } },
        {
          patientId: p.patientId,
          source: 'realtime',
          records,
          label: 'demo history',
          commitEvery: PART,
          betweenParts: opts.betweenParts,
          alsoInTransaction: (tx) => markComplete(tx, p.patientId),
        },
      );
      // The embedded database's log would otherwise grow by about 60 MB a patient until the next
      // minute's checkpoint (platform/db/client.ts).
      const checkpointFrom = Date.now();
      if (ctx.database.driver === 'pglite') await ctx.database.exec('CHECKPOINT');
      const checkpointMs = Date.now() - checkpointFrom;
      log.info(
        {
          patient: p.patientId,
          stored: out.stored,
          waitedMs: generatedMs,
          checkpointMs,
          ms: Date.now() - started,
        },
        `demo data ${p.number}/${all.length} stored`,
      );
      if (p.patientId === state.live.patientId) await opts.afterLive?.();
    }
  } finally {
    await generator.close();
  }
}

/**
 * The live patient's history reaches now. The HCP's patients uploaded until a few hours or days
 * ago, as real patients do; their history's upload is dated at its last reading, not at the
 * moment the demo was made.
 */
function historyEnd(state: DemoState, seed: number, live: boolean, now: number): number {
  return live ? now : Math.max(state.from + DAY, now - ((seed * 7919) % 72) * 3600_000);
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
