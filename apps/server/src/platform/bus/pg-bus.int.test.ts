import { describe, expect, it } from 'vitest';
import pino from 'pino';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createPgBus } from './pg-bus';

const url = process.env.TEST_DATABASE_URL;

async function until(done: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('not within 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Every notification on the bus's channel, as another listener sees it. */
async function channelWatcher(): Promise<{ seen: string[]; end: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const seen: string[] = [];
  client.on('notification', (m) => seen.push(m.payload ?? ''));
  await client.query('LISTEN cgm_live');
  return { seen, end: () => client.end() };
}

// Two buses stand for two server processes on one PostgreSQL (runs on the PostgreSQL pass only).
describe.skipIf(!url)('live bus over PostgreSQL LISTEN/NOTIFY', () => {
  it('delivers a publish from one process to a listener in another, and to its own', async () => {
    const log = pino({ level: 'silent' });
    const a = await createPgBus(url!, log);
    const b = await createPgBus(url!, log);
    try {
      const got: string[] = [];
      const seen = new Promise<void>((resolve) => {
        const check = () => got.length === 2 && resolve();
        b.subscribe('patient-1', (n) => (got.push(`b${n}`), check()));
        a.subscribe('patient-1', (n) => (got.push(`a${n}`), check()));
      });
      // b said hello when it started listening; a knows it once that message is in.
      await until(() => a.stats().peers === 1 && b.stats().peers === 1);
      a.publish('patient-1', 42);
      await seen;
      expect(got.sort()).toEqual(['a42', 'b42']);
      expect(b.latest('patient-1')).toBe(42);
      expect(b.stats().transport).toBe('postgres-listen');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('sends no NOTIFY while no other process listens, and does once one says hello', async () => {
    const log = pino({ level: 'silent' });
    const watcher = await channelWatcher();
    const a = await createPgBus(url!, log);
    let b: Awaited<ReturnType<typeof createPgBus>> | null = null;
    try {
      await until(() => watcher.seen.length === 1); // a's hello
      expect(a.tellOthersSql!('patient-2', sql`1`)).toBeNull();
      a.publish('patient-2', 7);
      await new Promise((r) => setTimeout(r, 300));
      expect(watcher.seen.filter((p) => p.includes('patient-2'))).toEqual([]);

      b = await createPgBus(url!, log);
      await until(() => a.stats().peers === 1);
      expect(a.tellOthersSql!('patient-2', sql`8`)).not.toBeNull();
      a.publish('patient-2', 9);
      await until(() => watcher.seen.some((p) => p.endsWith('|patient-2|9|data')));
      expect(b.latest('patient-2')).toBe(9);

      // b stops: it says bye, and a stops telling.
      await b.close();
      b = null;
      await until(() => a.stats().peers === 0);
      expect(a.tellOthersSql!('patient-2', sql`10`)).toBeNull();
    } finally {
      await b?.close();
      await a.close();
      await watcher.end();
    }
  });
});
