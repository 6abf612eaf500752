import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assignIntervals,
  gapClassOf,
  inferSamplingInterval,
  intervalOfGapClassCounts,
  intervalsBySource,
  nominalIntervalOfDevice,
  sourceIntervalMin,
  UNKNOWN_SOURCE_INTERVAL_MIN,
} from './sampling';

const T0 = Date.UTC(2025, 0, 6);
const MIN = 60_000;
/** Deterministic jitter in [−amp, amp] ms (a small linear congruential sequence). */
const jitter = (i: number, amp: number) => ((((i * 7919 + 13) % 1000) / 1000) * 2 - 1) * amp;

/** Readings every `stepMin` minutes for `hours`, with jitter, leaving out the half-open gaps given. */
function series(stepMin: number, hours: number, amp: number, gaps: [number, number][] = []): number[] {
  const out: number[] = [];
  for (let i = 0; i * stepMin < hours * 60; i++) {
    const minute = i * stepMin;
    if (gaps.some(([a, b]) => minute >= a * 60 && minute < b * 60)) continue;
    out.push(T0 + minute * MIN + jitter(i, amp));
  }
  return out;
}

describe('nominal interval of a device name (CLINICAL.md "Sampling interval and coverage")', () => {
  it.each([
    // Dexcom, every model 5 minutes: xDrip+ ("xDrip-" + collection method), AndroidAPS, Dexcom's
    // apps and Clarity, Nightscout's Share bridge.
    ['xDrip-DexcomG5', 5],
    ['xDrip-DexcomG6', 5],
    ['xDrip-DexcomShare', 5],
    ['AndroidAPS-DexcomG6', 5],
    ['Dexcom G4', 5],
    ['Dexcom G7', 5],
    ['DEXCOM ONE+', 5],
    ['share2', 5],
    // Medtronic, 5 minutes.
    ['MiniMed 780G', 5],
    ['Guardian Connect', 5],
    ['Enlite', 5],
    ['medtronic-600://6213-1234567', 5],
    ['CareLink', 5],
    // FreeStyle Libre 2 and 3 stream every minute.
    ['FreeStyle Libre 2', 1],
    ['FreeStyle Libre 3 Plus', 1],
    ['Libre2', 1],
    ['libre3', 1],
  ])('%s → %d min', (name, interval) => expect(nominalIntervalOfDevice(name)).toBe(interval));

  it.each([
    'xDrip-LibreOOP', // Libre 1 through a bridge: 5-minute readings, not the sensor's 1
    // xDrip+ keeps a Libre 2/3 reading per 5 minutes by default, per minute in its engineering
    // mode: the uploader's setting, not the sensor, fixes the interval (also with the sensor appended).
    'xDrip-LibreReceiver',
    'xDrip-LibreReceiver Libre2',
    'FreeStyle Libre', // Libre 1 / 14-day readers: 15-minute history
    'FreeStyle LibreLink',
    'Juggluco', // reads Libre, Dexcom G7 and Sibionics sensors
    'Spike',
    'loop://iPhone',
    'xDrip-BluetoothWixel',
    'Eversense',
    '',
    null,
    undefined,
  ])('%s → null (inferred from the readings)', (name) => expect(nominalIntervalOfDevice(name)).toBeNull());
});

describe('gap classes (boundaries halfway: 1.5, 3.5 and 10 minutes; a boundary goes up)', () => {
  it.each([
    [1, 0],
    [89_999, 0],
    [90_000, 1],
    [209_999, 1],
    [210_000, 2],
    [599_999, 2],
    [600_000, 3],
    [3 * 3_600_000, 3],
  ])('%d ms → class %d', (gap, cls) => expect(gapClassOf(gap)).toBe(cls));

  it.each([
    [[0, 0, 0, 0], null],
    [[3, 0, 0, 0], 1],
    [[2, 0, 2, 0], 1], // four gaps: the lower median is the 2nd smallest, class 1 min
    [[1, 0, 2, 0], 5], // three gaps: the 2nd smallest is 5 min
    [[0, 1, 1, 0], 2], // two gaps, 2 and 5 min: the lower one
    [[0, 0, 1, 1], 5],
    [[0, 0, 0, 7], 15],
  ] as const)('counts %j → %s min', (counts, interval) =>
    expect(intervalOfGapClassCounts(counts as unknown as [number, number, number, number])).toBe(interval),
  );
});

describe('inferSamplingInterval: lower median gap, snapped to 1, 2, 5 or 15 minutes', () => {
  it.each([
    // [interval, jitter ±ms, gaps of no data in hours]
    [1, 20_000, [[3, 5.5]]], // Libre 2/3 streaming
    [2, 30_000, [[10, 10.4]]], // the portal's sensor
    [
      5,
      60_000,
      [
        [2, 4],
        [20, 20.3],
      ],
    ], // Dexcom with a signal loss: gaps of 2 h and 20 min
    [15, 240_000, [[30, 38]]], // LibreView historic records, an 8-hour gap
  ] as const)('%d-minute series with jitter and gaps', (step, amp, gaps) => {
    const times = series(step, 48, amp, gaps as unknown as [number, number][]);
    expect(inferSamplingInterval(times)).toBe(step);
    expect(inferSamplingInterval([...times].reverse())).toBe(step); // any order
  });

  it('takes the lower median of an even number of gaps', () => {
    // Gaps 1, 1, 5, 5 min: the lower median is 1 min (the upper would say 5).
    expect(inferSamplingInterval([0, 1, 2, 7, 12].map((m) => T0 + m * MIN))).toBe(1);
    // Gaps 2 and 5 min: 2.
    expect(inferSamplingInterval([T0, T0 + 2 * MIN, T0 + 7 * MIN])).toBe(2);
    // Gaps 5, 5, 15, 15, 15, 15 min: the 3rd smallest of six is 15.
    expect(inferSamplingInterval([0, 5, 10, 25, 40, 55, 70].map((m) => T0 + m * MIN))).toBe(15);
  });

  it('ignores equal times (one reading) and needs two distinct times', () => {
    expect(inferSamplingInterval([T0, T0, T0 + 5 * MIN, T0 + 5 * MIN, T0 + 10 * MIN])).toBe(5);
    expect(inferSamplingInterval([T0, T0])).toBeNull();
    expect(inferSamplingInterval([T0])).toBeNull();
    expect(inferSamplingInterval([])).toBeNull();
  });

  it('gives what the gap-class counts give, also summed from per-hour counts (property)', () => {
    const gapArb = fc.oneof(
      fc.integer({ min: 0, max: 1_200_000 }),
      fc.constantFrom(
        0,
        60_000,
        89_999,
        90_000,
        120_000,
        209_999,
        210_000,
        300_000,
        599_999,
        600_000,
        900_000,
      ),
    );
    fc.assert(
      fc.property(fc.array(gapArb, { maxLength: 80 }), fc.boolean(), (gaps, reverse) => {
        const times: number[] = [T0];
        for (const g of gaps) times.push(times[times.length - 1]! + g);
        // A database keeps counts of gap classes per hour of the later reading; summing the hours
        // gives the counts of the period.
        const perHour = new Map<number, [number, number, number, number]>();
        for (let i = 1; i < times.length; i++) {
          const gap = times[i]! - times[i - 1]!;
          if (gap === 0) continue; // the same time twice is one reading
          const hour = Math.floor(times[i]! / 3_600_000);
          const row = perHour.get(hour) ?? [0, 0, 0, 0];
          row[gapClassOf(gap)]++;
          perHour.set(hour, row);
        }
        const counts: [number, number, number, number] = [0, 0, 0, 0];
        for (const row of perHour.values()) for (let c = 0; c < 4; c++) counts[c]! += row[c]!;
        const given = reverse ? [...times].reverse() : times;
        expect(inferSamplingInterval(given)).toBe(intervalOfGapClassCounts(counts));
      }),
    );
  });
});

describe('a source interval: nominal, else inferred, else 5 minutes', () => {
  it('prefers the nominal interval, then inference, then the single-reading fallback', () => {
    const fiveMinute = series(5, 6, 30_000);
    expect(sourceIntervalMin(2, fiveMinute)).toBe(2); // the portal's sensor is 2 min whatever its gaps
    expect(sourceIntervalMin(null, fiveMinute)).toBe(5);
    expect(sourceIntervalMin(null, [T0])).toBe(UNKNOWN_SOURCE_INTERVAL_MIN);
    expect(sourceIntervalMin(undefined, [])).toBe(5);
    expect(sourceIntervalMin(0, fiveMinute)).toBe(5); // not a usable nominal: inferred
  });

  it('assigns each reading its source interval, in the readings order', () => {
    // Source "portal" (nominal 2), "ns:xDrip-DexcomG6" (nominal 5 from its name), an unknown
    // source every 15 minutes, an unlisted source with a single reading.
    const portal = series(2, 2, 0);
    const dexcom = series(5, 2, 20_000);
    const unknown = series(15, 2, 0);
    const times = [...portal, ...dexcom, ...unknown, T0 + 7 * MIN];
    const sourceKeys = [
      ...portal.map(() => 'portal'),
      ...dexcom.map(() => 'ns:xDrip-DexcomG6'),
      ...unknown.map(() => 'ns:uploader'),
      'lonely',
    ];
    const sources = [
      { key: 'portal', nominalMin: 2 },
      { key: 'ns:xDrip-DexcomG6', nominalMin: nominalIntervalOfDevice('xDrip-DexcomG6') },
      { key: 'ns:uploader', nominalMin: nominalIntervalOfDevice('uploader') },
      { key: 'no readings', nominalMin: null },
    ];
    expect(intervalsBySource(sources, { times, sourceKeys })).toEqual(
      new Map([
        ['portal', 2],
        ['ns:xDrip-DexcomG6', 5],
        ['ns:uploader', 15],
        ['no readings', 5],
        ['lonely', 5],
      ]),
    );
    const intervals = assignIntervals(sources, { times, sourceKeys });
    expect(Array.from(intervals)).toEqual([
      ...portal.map(() => 2),
      ...dexcom.map(() => 5),
      ...unknown.map(() => 15),
      5,
    ]);
  });

  it('takes numeric source keys too', () => {
    const times = [T0, T0 + MIN, T0 + 2 * MIN];
    expect(
      Array.from(assignIntervals([{ key: 7, nominalMin: null }], { times, sourceKeys: [7, 7, 7] })),
    ).toEqual([1, 1, 1]);
  });
});
