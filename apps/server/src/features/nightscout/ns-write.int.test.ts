import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { findDocs } from './ns-documents.repository';
import { writeDocs, type WriteOptions } from './ns-write';
import { purgeAccount } from '../../accounts/retention';
import type { Collection } from './ns-query';

// The write path of Nightscout documents as a whole: what each document of a batch becomes
// (created, updated, duplicate, refused), what is stored and read back (entries as items of hour
// rows, other documents as rows; see ns-write.ts).

type Loose = Record<string, unknown>;
let t: TestApp;
let p: People;
const now = Date.parse('2026-11-21T10:00:00Z');
const MIN = 60_000;
const DAY = 86_400_000;
const opts: WriteOptions = { subject: 'xDrip+', nowMs: now, label: 'nightscout:v1:test' };

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  t.clock.set(new Date(now));
}, 60_000);
afterAll(() => t.close());

const write = (collection: Collection, docs: unknown[], patient = p.ids.patient) =>
  writeDocs(t.ctx, patient, collection, docs, opts);
const stored = async (collection: Collection, patient = p.ids.patient) =>
  (await findDocs(t.ctx.db, patient, collection, [], { limit: 10_000 })).filter((d) => d.seq >= 0);
/** Stored documents, tombstones included: rows of other collections and entries' items. */
const rowCount = async (patient: string) => {
  const res = await t.ctx.db.execute(
    sql`select ((select count(*) from nightscout_documents where patient_id = ${patient})
      + (select coalesce(sum(json_array_length(items) + cardinality(plain_t)), 0) from nightscout_entry_hours where patient_id = ${patient}))::int as n`,
  );
  return (res as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};
const sgv = (at: number, value: number, extra: Loose = {}): Loose => ({
  type: 'sgv',
  sgv: value,
  date: at,
  dateString: new Date(at).toISOString(),
  direction: 'Flat',
  device: 'xDrip-LimiTTer',
  ...extra,
});

describe('entries: each document of a batch answered and counted once', () => {
  it('a batch with duplicates inside it and against stored ones', async () => {
    const at = now - 2 * DAY;
    const first = await write('entries', [sgv(at, 100), sgv(at + 5 * MIN, 105), sgv(at + 10 * MIN, 110)]);
    expect(first).toMatchObject({ stored: 3, duplicates: 0, rejected: 0 });
    const ids = first.docs.map((d) => d._id as string);

    const fresh = sgv(at + 15 * MIN, 115);
    const out = await write('entries', [
      sgv(at, 100), // resent as it was
      sgv(at + 5 * MIN, 106), // resent with another value
      fresh,
      fresh, // twice in the batch
      sgv(at + 15 * MIN, 115, { device: 'AndroidAPS-G6' }), // the same reading from another uploader
      { type: 'sgv', sgv: 120 }, // no date
      { type: 'mbg', mbg: 98, date: at + 10 * MIN, device: 'xDrip-LimiTTer' }, // another type, same time
    ]);
    expect(out.outcomes).toEqual([
      'duplicate',
      'updated',
      'created',
      'duplicate',
      'duplicate',
      { rejected: 'entry without date' },
      'created',
    ]);
    expect(out).toMatchObject({ stored: 3, duplicates: 3, rejected: 1 });
    expect(out.docs).toHaveLength(7);
    expect(out.docs[0]!._id).toBe(ids[0]);
    expect(out.docs[1]).toMatchObject({ _id: ids[1], sgv: 106 });
    expect(out.docs[3]!._id).toBe(out.docs[2]!._id);
    expect(out.docs[4]!._id).toBe(out.docs[2]!._id);
    expect(out.docs[5]).toEqual({ error: 'entry without date' });

    const docs = await stored('entries');
    expect(docs.map((d) => [d.doc.type, d.date])).toEqual([
      ['sgv', at + 15 * MIN],
      ['mbg', at + 10 * MIN],
      ['sgv', at + 10 * MIN],
      ['sgv', at + 5 * MIN],
      ['sgv', at],
    ]);
    expect(docs.find((d) => d.id === ids[1])!.doc.sgv).toBe(106);
    // Every new document its own srvModified, above those stored before.
    const modified = docs.map((d) => d.srvModified);
    expect(new Set(modified).size).toBe(modified.length);
    expect(await rowCount(p.ids.patient)).toBe(5);
  });

  it('finds stored readings hours apart in one batch', async () => {
    const at = now - 10 * DAY;
    const times = [at, at + 3 * 60 * MIN, at + 9 * 60 * MIN, at + 9 * 60 * MIN + 5 * MIN];
    const before = await write(
      'entries',
      times.slice(0, 3).map((ms) => sgv(ms, 99)),
    );
    expect(before.stored).toBe(3);
    // Resent as they were (another uploader's copy would differ, and update them).
    const out = await write(
      'entries',
      times.map((ms) => sgv(ms, 99)),
    );
    expect(out.outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'created']);
  });

  it('stores every field a client sent and reads it back as it was answered', async () => {
    const at = now - 3 * DAY;
    const sent = sgv(at, 140, {
      noise: 1,
      filtered: 151200,
      unfiltered: 150944,
      rssi: 100,
      utcOffset: 60,
      sysTime: 'sent by the client',
      note: 'a "quoted" \\ backslash, ünïcödé and an emoji 🩸',
      nested: { list: [1, 'two', { three: null }], flag: true },
    });
    const [answer] = (await write('entries', [sent])).docs;
    const doc = (await stored('entries')).find((d) => d.id === answer!._id)!;
    expect({ _id: doc.id, ...doc.doc, identifier: doc.identifier }).toEqual(answer);
    expect(doc.doc).toMatchObject({
      note: sent.note,
      nested: sent.nested,
      noise: 1,
      filtered: 151200,
      sysTime: new Date(at).toISOString(),
    });
  });

  it('keeps a __proto__ key as data', async () => {
    const at = now - 4 * DAY;
    const input = JSON.parse(
      `{"type":"sgv","sgv":90,"date":${at},"device":"x","__proto__":{"polluted":true}}`,
    ) as unknown;
    const [answer] = (await write('entries', [input])).docs;
    const doc = (await stored('entries')).find((d) => d.id === answer!._id)!;
    expect(Object.hasOwn(doc.doc, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(answer)).toBe(Object.prototype);
    expect(({} as Loose).polluted).toBeUndefined();
  });

  it('refuses only the documents with text PostgreSQL cannot store', async () => {
    const at = now - 5 * DAY;
    const out = await write('entries', [
      sgv(at, 90, { note: 'a pair 🩸 is fine' }),
      sgv(at + 5 * MIN, 91, { note: 'a lone \ud83e surrogate' }),
      sgv(at + 10 * MIN, 92, { ['bad\u0000key']: 1 }),
    ]);
    expect(out.outcomes[0]).toBe('created');
    expect(out.outcomes[1]).toEqual({ rejected: expect.stringMatching(/^note: .*surrogate/) });
    expect(out.outcomes[2]).toEqual({ rejected: expect.stringMatching(/NUL/) });
    expect(out.stored).toBe(1);
  });
});

describe('entries whose identifier or _id is stored already', () => {
  let patient: string;
  beforeAll(() => {
    patient = p.ids.other;
  });

  it('an identifier stored at another time is that document: it moves, nothing is left behind', async () => {
    const at = now - 6 * DAY;
    const aaps = (ms: number, value: number) => sgv(ms, value, { identifier: 'aaps-bg-9', device: 'AAPS' });
    const [created] = (await write('entries', [aaps(at, 100)], patient)).docs;
    const before = await rowCount(patient);
    const out = await write('entries', [aaps(at + 5 * MIN, 104), sgv(at + 10 * MIN, 108)], patient);
    expect(out.outcomes).toEqual(['updated', 'created']);
    expect(out.docs[0]).toMatchObject({ _id: created!._id, identifier: 'aaps-bg-9', sgv: 104 });
    expect(await rowCount(patient)).toBe(before + 1);
    const docs = await stored('entries', patient);
    const moved = docs.filter((d) => d.identifier === 'aaps-bg-9');
    expect(moved.map((d) => [d.id, d.date, d.doc.sgv])).toEqual([[created!._id, at + 5 * MIN, 104]]);
  });

  it('a twin in the batch with another identifier still finds its stored document', async () => {
    const at = now - 7 * DAY;
    const [b] = (await write('entries', [sgv(at, 70, { identifier: 'id-b' })], patient)).docs;
    const out = await write(
      'entries',
      [sgv(at + 5 * MIN, 71, { identifier: 'id-a' }), sgv(at + 5 * MIN, 72, { identifier: 'id-b' })],
      patient,
    );
    expect(out.outcomes).toEqual(['created', 'updated']);
    expect(out.docs[1]).toMatchObject({ _id: b!._id, identifier: 'id-b', sgv: 72 });
  });

  it('an _id the patient uses in another collection gets a new one', async () => {
    const taken = 'abcdefabcdefabcdefabcdef';
    await write(
      'treatments',
      [{ _id: taken, eventType: 'Note', created_at: new Date(now).toISOString() }],
      patient,
    );
    const out = await write('entries', [sgv(now - 8 * DAY, 88, { _id: taken })], patient);
    expect(out.outcomes).toEqual(['created']);
    expect(out.docs[0]!._id).toMatch(/^[0-9a-f]{24}$/);
    expect(out.docs[0]!._id).not.toBe(taken);
  });

  it('the same new readings written twice at once are stored once', async () => {
    const at = now - 9 * DAY;
    const batch = Array.from({ length: 50 }, (_, i) => sgv(at + i * 5 * MIN, 100 + i));
    const before = await rowCount(patient);
    const [a, b] = await Promise.all([write('entries', batch, patient), write('entries', batch, patient)]);
    expect(a!.stored + b!.stored).toBe(50);
    expect(a!.duplicates + b!.duplicates).toBe(50);
    expect(await rowCount(patient)).toBe(before + 50);
  });
});

// Entry hour rows have no foreign key to their account (migration 0027): an account removed for
// good takes them with the rest of its data (platform/db/personal-data.ts).
describe('entry hours of an account removed for good', () => {
  it('go with the account; another patient’s stay', async () => {
    const hourRows = async (patientId: string) =>
      Number(
        (
          (await t.ctx.db.execute(
            sql`select count(*) as n from nightscout_entry_hours where patient_id = ${patientId}`,
          )) as unknown as { rows: Array<{ n: string | number }> }
        ).rows[0]!.n,
      );
    const other = p.ids.other;
    const before = await hourRows(other);
    const at = now - 40 * DAY;
    await write('entries', [sgv(at, 120), sgv(at + 65 * MIN, 130)], other);
    expect(await hourRows(other)).toBe(before + 2);
    expect(await hourRows(p.ids.patient)).toBeGreaterThan(0);
    await t.ctx.db.transaction((tx) => purgeAccount(tx, p.ids.patient));
    expect(await hourRows(p.ids.patient)).toBe(0);
    expect(await hourRows(other)).toBe(before + 2);
  });
});
