import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { entryName, entryUuidOf, type EntryHours, type EntryItem } from '../../adapters/nightscout';
import { existingOf, type LoadedEntries } from './ns-entries.repository';
import { planGeneral, planPlain, type EntriesPlan } from './ns-entries-plan';
import { plainBatchOf } from './ns-plain-batch';
import { prepareDocs } from './ns-write-prepare';

// The one-pass path of plain sensor readings (ns-plain-batch.ts, planPlain) against the general
// path (normalise, decide, placeEntries: planGeneral) on random batches and stored entries:
// whenever the plain path takes a batch, both write the same hour rows and readings, keep the
// same items and answer the same bytes.

const HOUR = 3_600_000;
const MIN = 60_000;
const NOW = Date.parse('2026-11-21T12:00:00Z');
const H0 = Date.parse('2026-11-21T06:00:00Z');
const opts = { subject: 'xDrip+', nowMs: NOW, label: 'nightscout:v1:xDrip+' };
const GUARD = sql`true`;
const dialect = new PgDialect();
type Loose = Record<string, unknown>;

/** The local time of `ms` written with `offset` ("Z", "+02:00", "+0100"). */
const iso = (ms: number, offset: string) => {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(offset);
  if (!m) return new Date(ms).toISOString();
  const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  return new Date(ms + minutes * MIN).toISOString().replace('Z', offset);
};

/** An entry as uploaders send them; `clean`: nothing that keeps a batch from the plain path. */
const entryArb = (clean: boolean) =>
  fc
    .record({
      minute: fc.integer({ min: 0, max: 6 * 60 - 1 }),
      ms: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 59_999 })),
      sgv: clean
        ? fc.oneof(
            { weight: 8, arbitrary: fc.integer({ min: 39, max: 401 }) },
            fc.constantFrom(12, 38.5, 40_000),
          )
        : fc.constantFrom(120, '120', null),
      type: clean ? fc.constant('sgv') : fc.constantFrom('sgv', 'mbg', undefined, 7),
      offset: fc.constantFrom('Z', 'Z', '+02:00', '-05:30', '+0100', null, 'soon'),
      sysTime: fc.boolean(),
      utcOffset: fc.constantFrom(undefined, undefined, 60, '-120', 2_000, 'x'),
      direction: fc.constantFrom(
        'Flat',
        'FortyFiveUp',
        'TripleUp',
        'NOT COMPUTABLE',
        'Sideways',
        undefined,
        ...(clean ? [] : [3]),
      ),
      device: fc.constantFrom(
        'xDrip-LimiTTer',
        'xDrip-LimiTTer',
        'AndroidAPS',
        undefined,
        'emoji 😀',
        ...(clean ? [] : ['bad\u0000']),
      ),
      extra: clean
        ? fc.constant(undefined)
        : fc.constantFrom(undefined, { noise: 1 }, { _id: 'abc' }, { date: 'x' }, { date: H0 / 1000 }),
    })
    .map((a) => {
      const t = H0 + a.minute * MIN + a.ms;
      const e: Loose = {};
      if (a.type !== undefined) e.type = a.type;
      if (a.sgv !== null) e.sgv = a.sgv;
      e.date = t;
      if (a.offset !== null) e.dateString = a.offset === 'soon' ? 'soon' : iso(t, a.offset);
      if (a.sysTime) e.sysTime = new Date(t).toISOString();
      if (a.utcOffset !== undefined) e.utcOffset = a.utcOffset;
      if (a.direction !== undefined) e.direction = a.direction;
      if (a.device !== undefined) e.device = a.device;
      return a.extra ? { ...e, ...a.extra } : e;
    });

/** Batches of clean entries at distinct times, and batches with anything in them. */
const batchArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.uniqueArray(entryArb(true), { minLength: 1, maxLength: 25, selector: (e) => e.date }),
  },
  fc.array(fc.oneof(entryArb(true), entryArb(false)), { minLength: 1, maxLength: 25 }),
);

/** A stored entry of the kept hours: sometimes at a batch's time, or naming one in its identifier. */
const storedArb = fc.record({
  minute: fc.integer({ min: 0, max: 6 * 60 - 1 }),
  seq: fc.integer({ min: 1, max: 900 }),
  identifierAt: fc.option(fc.integer({ min: 0, max: 6 * 60 - 1 }), { freq: 4 }),
  device: fc.constantFrom('xDrip-LimiTTer', 'Dexcom'),
});

type Stored = { minute: number; seq: number; identifierAt: number | null; device: string };

function loaded(stored: readonly Stored[], count: number): LoadedEntries {
  const hours: EntryHours = new Map();
  stored.forEach((s, k) => {
    const t = H0 + s.minute * MIN;
    const identTime = s.identifierAt === null ? t : H0 + s.identifierAt * MIN;
    const item: EntryItem = {
      id: `${Math.floor(t / 1000).toString(16)}${String(k).padStart(16, '0')}`,
      ident: entryUuidOf(identTime, entryName(identTime, s.device, 'sgv')),
      seq: s.seq,
      t,
      off: 0,
      m: NOW - 1000 + k,
      sub: 'xDrip+',
      doc: { type: 'sgv', sgv: 100 + k, device: s.device },
    };
    const hour = Math.floor(t / HOUR);
    hours.set(hour, [...(hours.get(hour) ?? []), item]);
  });
  const existing = [...hours.values()].flat().map(existingOf);
  return {
    stored: {
      maxModified: existing.length ? NOW - 1000 + stored.length - 1 : null,
      taken: new Set(),
      existing,
    },
    hours,
    seqs: Array.from({ length: count }, (_, k) => 5_000 + 3 * k),
    eventNo: 7,
    lastHour: null,
  };
}

const rendered = (writes: SQL[]) =>
  writes.map((w) => {
    const q = dialect.sqlToQuery(w);
    // The hour rows' own fields travel as one JSON text: compared as values (an item's keys may
    // come in another order).
    return {
      sql: q.sql,
      params: q.params.map((p) => (typeof p === 'string' && p.startsWith('[{') ? JSON.parse(p) : p)),
    };
  });
const itemsOf = (hours: EntryHours) =>
  [...hours].map(([hour, items]) => [hour, items.map((i) => JSON.parse(JSON.stringify(i)) as Loose)]);

function expectSame(plain: EntriesPlan, general: EntriesPlan) {
  expect(plain.out).toEqual(general.out);
  expect(plain.readings).toEqual(general.readings);
  expect(plain.times).toEqual(general.times);
  expect(plain.maxModified).toBe(general.maxModified);
  expect([...plain.changed]).toEqual([...general.changed]);
  expect(rendered(plain.writes)).toEqual(rendered(general.writes));
  expect(itemsOf(plain.hours)).toEqual(itemsOf(general.hours));
  expect(JSON.stringify(plain.answers())).toBe(JSON.stringify(general.answers()));
}

describe('plain batches', () => {
  it('write, keep and answer exactly what the general path does, whenever they are taken', () => {
    let taken = 0;
    fc.assert(
      fc.property(batchArb, fc.array(storedArb, { maxLength: 6 }), (inputs, stored) => {
        const batch = plainBatchOf(inputs);
        if (!batch) return;
        const plain = planPlain(batch, inputs, loaded(stored, inputs.length), opts, 'p1', GUARD);
        if (!plain) return;
        taken++;
        const general = planGeneral(
          prepareDocs('entries', inputs, NOW),
          loaded(stored, inputs.length),
          opts,
          'p1',
          GUARD,
        );
        expect(general).not.toBeNull();
        expectSame(plain, general!);
      }),
      { numRuns: 3_000 },
    );
    // The test means something only if the plain path takes a good share of the batches.
    expect(taken).toBeGreaterThan(500);
  });

  it('leaves to the general path what it cannot take whole', () => {
    const at = H0 + 10 * MIN;
    const entry = (t: number, extra: Loose = {}): Loose => ({
      type: 'sgv',
      sgv: 120,
      date: t,
      dateString: new Date(t).toISOString(),
      direction: 'Flat',
      device: 'xDrip-LimiTTer',
      ...extra,
    });
    expect(plainBatchOf([entry(at), entry(at + 5 * MIN)])).toHaveLength(2);
    // Two entries of one time (decide makes the second a duplicate), another field, an _id, a NUL,
    // a type other than sgv, a date in seconds, a value as text.
    expect(plainBatchOf([entry(at), entry(at)])).toBeNull();
    expect(plainBatchOf([entry(at, { noise: 1 })])).toBeNull();
    expect(plainBatchOf([entry(at, { _id: '5f1e2d3c4b5a69788796a5b4' })])).toBeNull();
    expect(plainBatchOf([entry(at, { device: 'x\u0000' })])).toBeNull();
    expect(plainBatchOf([entry(at, { type: 'mbg' })])).toBeNull();
    expect(plainBatchOf([entry(at, { date: at / 1000 })])).toBeNull();
    expect(plainBatchOf([entry(at, { sgv: '120' })])).toBeNull();
    expect(plainBatchOf([])).toBeNull();
    // A stored entry at a batch's time, or whose identifier carries it: decide matches it.
    const batch = plainBatchOf([entry(at)])!;
    const storedAt = (minute: number, identifierAt: number | null) =>
      loaded([{ minute, seq: 1, identifierAt, device: 'Dexcom' }], 1);
    expect(planPlain(batch, [entry(at)], storedAt(10, null), opts, 'p1', GUARD)).toBeNull();
    expect(planPlain(batch, [entry(at)], storedAt(20, 10), opts, 'p1', GUARD)).toBeNull();
    expect(planPlain(batch, [entry(at)], storedAt(20, null), opts, 'p1', GUARD)).not.toBeNull();
  });
});
