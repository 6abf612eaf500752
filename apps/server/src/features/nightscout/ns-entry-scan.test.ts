import { describe, expect, it } from 'vitest';
import { entryNamesOf } from './ns-docs';
import { entryScanOf, namesOfNormalised, scanCovers } from './ns-entries.repository';
import { prepareDocs } from './ns-write-prepare';

// A write reads what is stored while it normalises the batch: what it reads is worked out from the
// inputs as sent, and must cover everything the normalised batch can match.

const HOUR = 3_600_000;
const at = Date.parse('2026-11-21T07:25:00Z');
const inputs: unknown[] = [
  { type: 'sgv', sgv: 100, date: at, device: 'G6' },
  { type: 'sgv', sgv: 101, dateString: new Date(at + HOUR).toISOString() },
  { type: 'sgv', sgv: 102, sysTime: new Date(at + 2 * HOUR).toISOString() },
  { type: 'sgv', sgv: 103, date: at, _id: '5F0C0FFEE0C0FFEE0C0FFEE0' },
  { type: 'sgv', sgv: 104, date: at, _id: 'loop-sample-uuid' },
  { type: 'sgv', sgv: 105, date: at, identifier: 'aaps-bg-1' },
  { type: 'sgv', sgv: 106, date: at, identifier: '019a8000-0000-7000-8000-000000000000' },
  { type: 'sgv', sgv: 107 },
  'not a document',
  null,
];

describe('the scan of a batch of entries', () => {
  it('as sent, is what the normalised batch names', () => {
    const { good } = prepareDocs('entries', inputs, at);
    const raw = entryScanOf(inputs.map(entryNamesOf));
    const normalised = entryScanOf(good.map(namesOfNormalised));
    expect(scanCovers(raw, good)).toBe(true);
    expect(new Set(raw.hours)).toEqual(new Set(normalised.hours));
    expect(new Set(raw.keys)).toEqual(new Set(normalised.keys));
    expect(raw.ids).toEqual(['5f0c0ffee0c0ffee0c0ffee0']);
    expect(raw.keys).toEqual(
      expect.arrayContaining(['5f0c0ffee0c0ffee0c0ffee0', 'loop-sample-uuid', 'aaps-bg-1']),
    );
    // A UUIDv7 identifier names the hour of its time, read as well.
    expect(raw.hours).toContain(Math.floor(0x019a80000000 / HOUR));
    expect(raw.count).toBeGreaterThanOrEqual(good.length);
  });

  it('does not cover a batch with another hour or key', () => {
    const { good } = prepareDocs('entries', inputs, at);
    const scan = entryScanOf(inputs.slice(0, 3).map(entryNamesOf));
    expect(scanCovers(scan, good.slice(0, 3))).toBe(true);
    expect(scanCovers(scan, good)).toBe(false);
  });
});
