import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { watchedDb } from '../../../test-support/watched-db';
import { listen, newCredential, type Http } from '../../../test-support/ns-test-client';
import type { DataWriter } from '../../patient-data';
import { writeDocs } from './ns-write';
import { takeSeqs } from './ns-entries.repository';

// An uploader's next batch of new entries is written from the state its last write left
// (ns-entry-state-cache.ts): no read, one statement. Whatever changes the patient's data in between
// makes that statement write nothing and the batch read afresh, so the outcome is what it would be
// with nothing kept: checked against a second patient whose every write starts with nothing kept.

type Loose = Record<string, unknown>;
let t: TestApp;
let p: People;
let http: Http;
const headers: Record<string, Record<string, string>> = {};
const now = Date.parse('2026-11-21T10:00:00Z');
const MIN = 60_000;
const t0 = now - 3 * 60 * MIN;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  http = await listen(t);
  for (const who of ['patient', 'other'] as const) {
    const cred = await newCredential(t, p.ids[who], p.tokens[who], 'readwrite', 'xDrip+');
    headers[who] = { 'api-secret': cred.api_secret_sha1 };
  }
  t.clock.set(new Date(now));
}, 60_000);
afterAll(() => t.close());

const entry = (minute: number, sgv: number): Loose => ({
  type: 'sgv',
  date: t0 + minute * MIN,
  sgv,
  direction: 'Flat',
  device: 'xDrip-G6',
});

let statements = 0;
/** The patient's writes share one database handle (its caches); the other's each get a new one. */
let kept: DataWriter;
const fresh = (): DataWriter => ({ ...t.ctx, db: watchedDb(t.ctx.db, () => undefined) });
const write = (ctx: DataWriter, patientId: string, batch: Loose[]) =>
  writeDocs(ctx, patientId, 'entries', batch, { subject: 'xDrip+', nowMs: now, label: 'nightscout:test' });

async function stored(who: 'patient' | 'other') {
  const res = await http.req('GET', `/api/v1/entries.json?count=100&find[date][$gte]=${t0}`, {
    headers: headers[who],
  });
  return (res.body as Loose[])
    .map((d) => [(Number(d.date) - t0) / MIN, d.sgv, d.identifier] as const)
    .sort((a, b) => a[0] - b[0]);
}

describe('an uploader writing from the state its last write left', () => {
  it('writes its next batch with one statement, and reads afresh after another write', async () => {
    kept = { ...t.ctx, db: watchedDb(t.ctx.db, () => void statements++) };
    const batches = [
      [entry(0, 100), entry(5, 101), entry(10, 102), entry(15, 103)],
      // The same reading again (a resend) and three new ones, in the hour kept.
      [entry(15, 103), entry(20, 104), entry(25, 105), entry(30, 106)],
    ];
    const outcomes: Record<'patient' | 'other', unknown[]> = { patient: [], other: [] };
    for (const [k, batch] of batches.entries()) {
      const before = statements;
      outcomes.patient.push((await write(kept, p.ids.patient, batch)).outcomes);
      outcomes.other.push((await write(fresh(), p.ids.other, batch)).outcomes);
      // The first batch reads; the second needs nothing but its write.
      if (k === 1) expect(statements - before).toBe(1);
    }
    // Another writer changes the hour kept: the entry at 20 minutes is deleted.
    for (const who of ['patient', 'other'] as const) {
      const list = await http.req('GET', `/api/v1/entries.json?count=100&find[date]=${t0 + 20 * MIN}`, {
        headers: headers[who],
      });
      const id = (list.body as Loose[])[0]!._id as string;
      const del = await http.req('DELETE', `/api/v1/entries/${id}`, { headers: headers[who] });
      expect(del.status).toBe(200);
    }
    // The deleted entry sent again, one resent and one new. The kept state still has the deleted
    // one (it would answer "duplicate"): its write does nothing, and the batch is stored from what
    // is stored, as the other patient's ("updated": the deleted entry is back).
    const third = [entry(20, 104), entry(30, 106), entry(35, 107)];
    outcomes.patient.push((await write(kept, p.ids.patient, third)).outcomes);
    outcomes.other.push((await write(fresh(), p.ids.other, third)).outcomes);

    expect(outcomes.patient).toEqual(outcomes.other);
    expect(outcomes.patient).toEqual([
      ['created', 'created', 'created', 'created'],
      ['duplicate', 'created', 'created', 'created'],
      ['updated', 'duplicate', 'created'],
    ]);
    const mine = await stored('patient');
    expect(mine).toEqual(await stored('other'));
    expect(mine.map(([m, sgv]) => [m, sgv])).toEqual([
      [0, 100],
      [5, 101],
      [10, 102],
      [15, 103],
      [20, 104],
      [25, 105],
      [30, 106],
      [35, 107],
    ]);
    // Every entry has an _id of its own.
    const res = await http.req('GET', `/api/v1/entries.json?count=100&find[date][$gte]=${t0}`, {
      headers: headers.patient,
    });
    const ids = (res.body as Loose[]).map((d) => d._id);
    expect(new Set(ids).size).toBe(8);
  });

  it('takes document numbers ahead as one run, past every number taken before', async () => {
    const first = await takeSeqs(t.ctx.db, 3_000);
    const second = await takeSeqs(t.ctx.db, 5);
    expect(first).toHaveLength(3_000);
    expect(first.every((seq, k) => k === 0 || seq === first[k - 1]! + 1)).toBe(true);
    expect(second).toHaveLength(5);
    expect(second[0]).toBeGreaterThan(first[2_999]!);
  });
});
