import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createPgBus } from './pg-bus';

const url = process.env.TEST_DATABASE_URL;

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
});
