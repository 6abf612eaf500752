import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sgRecord } from './device-records';
import { quickSgRecord } from './sg-record-check';

// Values near every bound of sgRecord, and of the wrong type, so both sides of each bound are tried.
const near = (...xs: number[]) => fc.constantFrom(...xs.flatMap((x) => [x - 1, x - 0.5, x, x + 0.5, x + 1]));
const anything = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.boolean(), fc.object());
/** Mostly good values, sometimes a value at a bound. */
const mostly = <T>(good: fc.Arbitrary<T>, edge: fc.Arbitrary<number>) =>
  fc.oneof({ weight: 4, arbitrary: good as fc.Arbitrary<T | number> }, { weight: 1, arbitrary: edge });
const field = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 9, arbitrary: good }, { weight: 1, arbitrary: anything });

const record = fc.record(
  {
    type: field(fc.constantFrom('sg', 'sg', 'sg', 'sg', 'bg', 'SG')),
    serial: field(
      fc.oneof(
        fc.string({ maxLength: 70 }),
        fc.constantFrom(' TX1 ', '\tA', '   ', 'x'.repeat(64), 'x'.repeat(65)),
      ),
    ),
    seq: field(mostly(fc.nat(), near(0, Number.MAX_SAFE_INTEGER))),
    time: field(
      mostly(
        fc.integer({ min: 946_684_800_000, max: 4_102_444_800_000 }),
        near(946_684_800_000, 4_102_444_800_000),
      ),
    ),
    utc_offset_min: field(mostly(fc.integer({ min: -840, max: 840 }), near(-840, 840))),
    mgdl: field(
      mostly(fc.oneof(fc.double({ min: 0, max: 1000, noNaN: true }), fc.constant(-0)), near(0, 1000)),
    ),
    quality: field(fc.constantFrom('C', 'CX', 'NC', 'DE', 'c', 'X')),
    display_code: field(fc.constantFrom('CE0', 'CE1', 'H', 'LO')),
    rate: field(fc.oneof(fc.integer({ min: -1, max: 9 }), fc.constant(2.5))),
    extra: anything,
  },
  { requiredKeys: ['type', 'serial', 'seq', 'time', 'utc_offset_min', 'mgdl'] },
);

describe('quickSgRecord', () => {
  it('accepts only what sgRecord accepts, and answers exactly what it parses, key order included', () => {
    let quickOnes = 0;
    fc.assert(
      fc.property(record, (raw) => {
        const quick = quickSgRecord(raw);
        const zod = sgRecord.safeParse(raw);
        if (quick === undefined) return; // zod decides (and explains) these
        quickOnes++;
        expect(zod.success).toBe(true);
        expect(Object.keys(quick)).toEqual(Object.keys(zod.data!));
        expect(quick).toStrictEqual(zod.data);
      }),
      { numRuns: 20_000 },
    );
    // Enough records took the quick path for the comparison to mean something.
    expect(quickOnes).toBeGreaterThan(500);
  });

  it('takes the readings devices and uploaders send', () => {
    const reading = {
      type: 'sg',
      serial: 'TX1',
      seq: 7,
      time: 1_780_000_000_000,
      utc_offset_min: 60,
      mgdl: 120,
    };
    expect(quickSgRecord(reading)).toStrictEqual(reading);
    expect(
      quickSgRecord({ ...reading, mgdl: null, display_code: 'H', rate: 4, quality: null }),
    ).toStrictEqual(sgRecord.parse({ ...reading, mgdl: null, display_code: 'H', rate: 4, quality: null }));
    expect(quickSgRecord({ ...reading, serial: ' TX1 ', note: 'dropped' })).toStrictEqual(reading);
  });
});
