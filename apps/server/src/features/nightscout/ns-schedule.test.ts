import { describe, expect, it } from 'vitest';
import { scheduledRows } from './ns-fill';
import {
  deliveredSchedule,
  nextBoundary,
  offsetAt,
  rateAt,
  regimesOf,
  type ProfileDocAt,
  type Regime,
} from './ns-timeline';
import { zoneOf } from './ns-time-zones';

// The scheduled basal rules without a database: profile timeline, clocks, and the filling of the
// time between temp basals.

const MIN = 60_000;
const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-02T00:00:00Z');
const at = (time: string, value: number) => {
  const [h, m] = time.split(':').map(Number);
  return { time, timeAsSeconds: h! * 3600 + m! * 60, value };
};
const profile = (
  date: number,
  store: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): ProfileDocAt => ({
  date,
  seq: date,
  offset: 0,
  doc: { defaultProfile: 'Default', store, ...extra },
});
const utc = (schedule: Regime['schedule'], start = T0, end = T0 + 48 * HOUR): Regime => ({
  start,
  end,
  schedule,
  zone: null,
  offset: 0,
});

describe('profile clocks', () => {
  it('reads IANA zones (Loop’s ETC/ spelling too) and fixed GMT offsets; refuses the rest', () => {
    expect(zoneOf('Europe/Berlin')).toEqual({ zone: 'Europe/Berlin' });
    expect(zoneOf('ETC/GMT+2')).toEqual({ zone: 'Etc/GMT+2' });
    expect(zoneOf('GMT-07:00')).toEqual({ offset: -420 });
    expect(zoneOf('Mars/Olympus')).toBeNull();
    expect(zoneOf(42)).toBeNull();
  });

  it('splits at daylight-saving changes and keeps local schedule times after them', () => {
    // Europe/Berlin goes from +60 to +120 at 01:00 UTC on 2026-03-29.
    const r: Regime = {
      start: 0,
      end: Infinity,
      schedule: deliveredSchedule(
        [
          { start_min: 0, rate: 1 },
          { start_min: 360, rate: 2 },
        ],
        100,
        0,
      ),
      zone: 'Europe/Berlin',
      offset: 0,
    };
    const midnight = Date.parse('2026-03-28T23:00:00Z');
    const change = Date.parse('2026-03-29T01:00:00Z');
    expect(nextBoundary(r, midnight)).toBe(change);
    expect(offsetAt(r, midnight)).toBe(60);
    expect(offsetAt(r, change)).toBe(120);
    // 06:00 local is 04:00 UTC after the change.
    expect(nextBoundary(r, change)).toBe(Date.parse('2026-03-29T04:00:00Z'));
    expect(rateAt(r, Date.parse('2026-03-29T03:59:00Z'))).toBe(1);
    expect(rateAt(r, Date.parse('2026-03-29T04:00:00Z'))).toBe(2);
  });
});

describe('profile timeline', () => {
  const base = { Default: { basal: [at('00:00', 1), at('12:00', 2)], timezone: 'UTC' } };

  it('applies a switch’s percentage and timeshift (the schedule runs that many hours later)', () => {
    expect(
      deliveredSchedule(
        [
          { start_min: 0, rate: 1 },
          { start_min: 720, rate: 2 },
        ],
        150,
        120,
      ),
    ).toEqual([
      { start_min: 0, rate: 3 },
      { start_min: 120, rate: 1.5 },
      { start_min: 840, rate: 3 },
    ]);
  });

  it('a timed switch runs over the open-ended one and gives way to it again', () => {
    const switches = [
      { date: T0 + HOUR, seq: 1, doc: { eventType: 'Profile Switch', profile: 'Default', percentage: 50 } },
      {
        date: T0 + 2 * HOUR,
        seq: 2,
        doc: { eventType: 'Profile Switch', profile: 'Default', percentage: 150, duration: 120 },
      },
    ];
    const regimes = regimesOf([profile(T0, base)], switches, T0, T0 + 6 * HOUR);
    const rate = (h: number) => {
      const r = regimes.find((x) => x.start <= T0 + h * HOUR && T0 + h * HOUR < x.end)!;
      return rateAt(r, T0 + h * HOUR);
    };
    expect([rate(0), rate(1), rate(2), rate(3.5), rate(4), rate(5)]).toEqual([1, 0.5, 1.5, 1.5, 0.5, 0.5]);
  });

  it('ignores switches older than the profile in force, uses profileJson when the name is not in the store', () => {
    const switches = [
      { date: T0 - HOUR, seq: 1, doc: { eventType: 'Profile Switch', profile: 'Default', percentage: 200 } },
      {
        date: T0 + HOUR,
        seq: 2,
        doc: {
          eventType: 'Profile Switch',
          profile: 'LocalProfile1 (80%)',
          percentage: 80,
          profileJson: JSON.stringify({ basal: [at('00:00', 0.5)], timezone: 'UTC' }),
        },
      },
    ];
    const regimes = regimesOf([profile(T0, base)], switches, T0, T0 + 3 * HOUR);
    expect(regimes.map((r) => rateAt(r, r.start))).toEqual([1, 0.4]);
  });

  it('knows no schedule before the first profile, nor under a switch it cannot read', () => {
    const switches = [{ date: T0 + HOUR, seq: 1, doc: { eventType: 'Profile Switch', percentage: 'much' } }];
    const regimes = regimesOf([profile(T0, base)], switches, T0 - HOUR, T0 + 2 * HOUR);
    expect(regimes.map((r) => [r.start, r.schedule === null])).toEqual([
      [T0, false],
      [T0 + HOUR, true],
    ]);
  });
});

describe('filling the time between temp basals', () => {
  const flat = utc([
    { start_min: 0, rate: 0.8 },
    { start_min: 360, rate: 1.2 },
  ]);
  const window = { start: T0, end: T0 + 24 * HOUR };
  const ev = (h: number, suspended = false) => ({ time: T0 + h * HOUR, suspended });

  it('covers reported time at the scheduled rate, split at schedule changes, around temp basals', () => {
    const rows = scheduledRows(
      window,
      [ev(1), ev(3), ev(5), ev(8)],
      [{ start: T0 + 2 * HOUR, end: T0 + 2.5 * HOUR }],
      [flat],
      6 * HOUR,
    );
    expect(rows.map((r) => [(r.start - T0) / MIN, (r.end - T0) / MIN, r.code, r.rate])).toEqual([
      [60, 120, 'BAS', 0.8],
      [150, 360, 'BAS', 0.8],
      [360, 480, 'BAS', 1.2],
    ]);
  });

  it('leaves long silences and the time after the last report empty; a suspended pump delivers nothing', () => {
    const rows = scheduledRows(window, [ev(0), ev(1, true), ev(2), ev(9), ev(10)], [], [flat], 6 * HOUR);
    expect(rows.map((r) => [(r.start - T0) / HOUR, (r.end - T0) / HOUR, r.code, r.rate])).toEqual([
      [0, 1, 'BAS', 0.8],
      [1, 2, 'SUSM', 0],
      [9, 10, 'BAS', 1.2],
    ]);
  });

  it('splits at local midnight of the profile’s clock', () => {
    const berlin: Regime = { ...utc([{ start_min: 0, rate: 1 }]), zone: 'Europe/Berlin' };
    const rows = scheduledRows(window, [ev(20), ev(25)], [], [berlin], 6 * HOUR);
    // Local midnight in Berlin (winter, +60) is 23:00 UTC; the window ends at 24:00 UTC.
    expect(rows.map((r) => [(r.start - T0) / HOUR, (r.end - T0) / HOUR, r.offset])).toEqual([
      [20, 23, 60],
      [23, 24, 60],
    ]);
  });

  it('joins equal neighbours across profile changes that keep the rate, not across schedule starts', () => {
    const a = utc([{ start_min: 0, rate: 1 }], T0, T0 + 5 * HOUR);
    const b = utc(
      [
        { start_min: 0, rate: 1 },
        { start_min: 600, rate: 1 },
      ],
      T0 + 5 * HOUR,
      T0 + 24 * HOUR,
    );
    const rows = scheduledRows(window, [ev(1), ev(6), ev(12)], [], [a, b], 6 * HOUR);
    expect(rows.map((r) => [(r.start - T0) / HOUR, (r.end - T0) / HOUR])).toEqual([
      [1, 10],
      [10, 12],
    ]);
  });
});
