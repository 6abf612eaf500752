import { describe, it, expect } from 'vitest';
import { sensorWear, validDayCount, validDays } from './days';
import type { GlucoseReading } from './readings';

const MIN = 60_000;

function every2Min(from: number, to: number, offset: (t: number) => number = () => 0): GlucoseReading[] {
  const out: GlucoseReading[] = [];
  for (let t = from; t < to; t += 2 * MIN) out.push({ time: t, mgdl: 110, utcOffsetMin: offset(t) });
  return out;
}

// CLINICAL.md: a valid day has more than 84600 s of data (readings × 120 s, capped at 86400); spec §9.
describe('valid days (CLINICAL.md, spec §9 "Valid day needs over 84600 s of data")', () => {
  it('needs more than 705 readings of 2 minutes (705 × 120 = 84600 is not enough)', () => {
    const day = Date.UTC(2024, 4, 1);
    const full = every2Min(day, day + 86_400_000); // 720
    expect(validDays(full)).toEqual([{ day: '2024-05-01', count: 720, seconds: 86400, valid: true }]);
    expect(validDays(full.slice(0, 706))[0]!.valid).toBe(true);
    expect(validDays(full.slice(0, 705))[0]).toEqual({
      day: '2024-05-01',
      count: 705,
      seconds: 84600,
      valid: false,
    });
  });

  it('caps a day at 86400 s even with extra readings', () => {
    const day = Date.UTC(2024, 4, 1);
    const dense: GlucoseReading[] = [];
    for (let t = day; t < day + 86_400_000; t += MIN) dense.push({ time: t, mgdl: 100 });
    expect(validDays(dense)[0]!.seconds).toBe(86400);
  });

  it('cannot make the 23-hour local day of a spring change valid; the 25-hour autumn day can', () => {
    // Berlin 2024-03-31 is 23 h long: at most 690 readings → 82800 s, never valid.
    const spring = every2Min(Date.UTC(2024, 2, 30, 23), Date.UTC(2024, 2, 31, 22), (t) =>
      t < Date.UTC(2024, 2, 31, 1) ? 60 : 120,
    );
    expect(validDays(spring)).toEqual([{ day: '2024-03-31', count: 690, seconds: 82800, valid: false }]);
    // Berlin 2024-10-27 is 25 h long: 750 readings, capped at 86400 s.
    const autumn = every2Min(Date.UTC(2024, 9, 26, 22), Date.UTC(2024, 9, 27, 23), (t) =>
      t < Date.UTC(2024, 9, 27, 1) ? 120 : 60,
    );
    expect(validDays(autumn)).toEqual([{ day: '2024-10-27', count: 750, seconds: 86400, valid: true }]);
    expect(validDayCount([...spring, ...autumn])).toBe(1);
  });
});

describe('sensor wear (CLINICAL.md "Sensor wear")', () => {
  const from = Date.UTC(2024, 4, 1);
  it.each([
    [360, 50], // 360 of 720 expected readings in a day
    [720, 100],
    [0, 0],
  ])('%d readings in one day → %d %%', (count, wear) => {
    const readings = every2Min(from, from + 86_400_000).slice(0, count);
    expect(sensorWear(readings, from, from + 86_400_000)).toBe(wear);
  });

  it('is capped at 100 and null for an empty period', () => {
    const dense: GlucoseReading[] = Array.from({ length: 100 }, (_, i) => ({
      time: from + i * MIN,
      mgdl: 100,
    }));
    expect(sensorWear(dense, from, from + 100 * MIN)).toBe(100);
    expect(sensorWear(dense, from, from)).toBeNull();
  });
});
