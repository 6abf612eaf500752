import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { interleavedDb } from '../../../test-support/watched-db';
import { listen, newCredential, type Http } from '../../../test-support/ns-test-client';
import { writeDocs } from './ns-write';

// New sensor entries are written without a transaction (ns-write.ts storeEntriesAtOnce): read side
// by side, written in one statement only if the patient's data is still as read. When another
// write comes in between, that statement writes nothing and the transaction stores the batch:
// every entry and its reading once, nothing lost, nothing twice.

type Loose = Record<string, unknown>;
let t: TestApp;
let p: People;
let http: Http;
let h: Record<string, string>;
const now = Date.parse('2026-11-21T10:00:00Z');
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  const cred = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite', 'xDrip+');
  h = { 'api-secret': cred.api_secret_sha1 };
  t.clock.set(new Date(now));
}, 60_000);
afterAll(() => t.close());

const entry = (at: number, sgv: number): Loose => ({ type: 'sgv', date: at, sgv, device: 'xDrip-G6' });

describe('new entries written in one statement', () => {
  it('stores a batch once, through the transaction, when another upload came between its read and its write', async () => {
    const t0 = now - 60 * MIN;
    const batch = [0, 5, 10, 15].map((m, k) => entry(t0 + m * MIN, 100 + k));
    // Another uploader's entry of the same hour arrives after this batch was read.
    const other = () =>
      http.req('POST', '/api/v1/entries', { headers: h, body: [entry(t0 + 20 * MIN, 200)] });
    const out = await writeDocs(
      { ...t.ctx, db: interleavedDb(t.ctx.db, other) },
      p.ids.patient,
      'entries',
      batch,
      {
        subject: 'xDrip+',
        nowMs: now,
        label: 'nightscout:test',
      },
    );
    expect(out.outcomes).toEqual(['created', 'created', 'created', 'created']);
    const res = await http.req('GET', `/api/v1/entries.json?count=100&find[date][$gte]=${t0}`, {
      headers: h,
    });
    const sgv = (res.body as Loose[]).map((d) => [d.date, d.sgv]).sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(sgv).toEqual([
      [t0, 100],
      [t0 + 5 * MIN, 101],
      [t0 + 10 * MIN, 102],
      [t0 + 15 * MIN, 103],
      [t0 + 20 * MIN, 200],
    ]);
    // A resend of the same batch is four duplicates, from the one-statement path.
    const again = await writeDocs(t.ctx, p.ids.patient, 'entries', batch, { subject: 'xDrip+', nowMs: now });
    expect(again.outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
  });
});
