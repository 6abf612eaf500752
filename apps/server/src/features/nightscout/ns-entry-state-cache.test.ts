import { describe, expect, it } from 'vitest';
import type { EntryHours, EntryItem } from '../../adapters/nightscout';
import type { EntryScan } from './ns-entries.repository';
import { EntryStateCache } from './ns-entry-state-cache';

// When a batch may be written from the state the patient's last write left: only a batch that
// names no `_id` or identifier, whose hours are all kept or later than every stored hour, with
// enough document numbers set aside; and the state serves one write only.

const HOUR = 3_600_000;
const item = (hour: number, minute: number, seq: number): EntryItem => ({
  id: `id-${seq}`,
  ident: `ident-${seq}`,
  seq,
  t: hour * HOUR + minute * 60_000,
  off: 0,
  m: 1000 + seq,
  doc: { type: 'sgv', sgv: 100 + seq },
});
const scan = (hours: number[], extra: Partial<EntryScan> = {}): EntryScan => ({
  hours,
  ids: [],
  keys: [],
  count: 3,
  ...extra,
});

function cacheWithState(): EntryStateCache {
  const cache = new EntryStateCache();
  cache.addSeqs([11, 12, 13, 14, 15, 16]);
  const hours: EntryHours = new Map([
    [10, [item(10, 0, 1)]],
    [11, [item(11, 0, 2)]],
    [12, [item(12, 0, 3), item(12, 5, 4)]],
  ]);
  // A write of hours 10 to 12, the newest row before it at hour 9: hours 11 and 12 are kept.
  cache.put('p', { eventNo: 7, maxModified: 1004, lastHourBefore: 9, hours, changed: [10, 11, 12] });
  return cache;
}

describe('EntryStateCache', () => {
  it('gives a batch of kept and later hours their items, the event number and numbers set aside', () => {
    const cache = cacheWithState();
    const loaded = cache.take('p', scan([12, 13]))!;
    expect(loaded.eventNo).toBe(7);
    expect(loaded.lastHour).toBe(12);
    expect(loaded.stored.maxModified).toBe(1004);
    expect([...loaded.hours.keys()]).toEqual([12]);
    expect(loaded.stored.existing.map((e) => e.id)).toEqual(['id-3', 'id-4']);
    expect(loaded.seqs).toEqual([11, 12, 13]);
    // Taken out: a second write of the patient reads for itself.
    expect(cache.take('p', scan([12, 13]))).toBeUndefined();
  });

  it('gives nothing for an hour neither kept nor later than the newest stored one', () => {
    expect(cacheWithState().take('p', scan([10, 12]))).toBeUndefined();
    expect(cacheWithState().take('p', scan([11, 14]))).toBeDefined();
  });

  it('gives nothing when the batch names an _id or an identifier, or numbers run short', () => {
    expect(cacheWithState().take('p', scan([13], { keys: ['abc'] }))).toBeUndefined();
    expect(
      cacheWithState().take('p', scan([13], { ids: ['0123456789abcdef01234567'], keys: ['x'] })),
    ).toBeUndefined();
    expect(cacheWithState().take('p', scan([13], { count: 7 }))).toBeUndefined();
    expect(new EntryStateCache().take('p', scan([13]))).toBeUndefined();
  });

  it('asks for numbers ahead only while few are set aside', () => {
    const cache = new EntryStateCache();
    expect(cache.seqsWanted()).toBeGreaterThanOrEqual(1_000);
    cache.addSeqs(Array.from({ length: 5_000 }, (_, k) => k));
    expect(cache.seqsWanted()).toBe(0);
  });

  it('takes numbers ahead beside the writes when few are left: one refill at a time, none when enough', async () => {
    const cache = new EntryStateCache();
    const asked: number[] = [];
    let answer: (seqs: number[]) => void = () => undefined;
    const take = (count: number) => {
      asked.push(count);
      return new Promise<number[]>((resolve) => (answer = resolve));
    };
    cache.refillWhenLow(take);
    cache.refillWhenLow(take); // one under way already
    expect(asked).toHaveLength(1);
    answer(Array.from({ length: asked[0]! }, (_, k) => 100 + k));
    await cache.refill;
    expect(cache.refill).toBeNull();
    expect(cache.seqsWanted()).toBe(0);
    cache.refillWhenLow(take); // enough set aside
    expect(asked).toHaveLength(1);
    // The numbers serve a batch as they came.
    cache.put('p', { eventNo: 1, maxModified: 1, lastHourBefore: null, hours: new Map(), changed: [] });
    expect(cache.take('p', scan([5]))!.seqs).toEqual([100, 101, 102]);
  });

  it('leaves the numbers as they were when a refill fails', async () => {
    const cache = new EntryStateCache();
    cache.refillWhenLow(() => Promise.reject(new Error('connection lost')));
    await cache.refill;
    expect(cache.refill).toBeNull();
    expect(cache.seqsWanted()).toBeGreaterThan(0);
  });
});
