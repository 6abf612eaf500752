import { describe, it, expect } from 'vitest';
import { glucoseStatsByLocalDay } from './daily-stats';
import type { GlucoseReading } from './readings';

// DESIGN.md "reports group by the patient's local day"; CLINICAL.md "eA1c" (covered time > 80 %).
describe('glucose statistics per local day', () => {
  it('uses the true local day, 23 hours on the Berlin spring change', () => {
    const readings: GlucoseReading[] = [];
    // 2024-03-30 (24 h, CET) and 2024-03-31 (23 h: CET until 01:00Z, then CEST), every 2 minutes.
    for (let t = Date.UTC(2024, 2, 29, 23); t < Date.UTC(2024, 2, 31, 22); t += 120_000) {
      readings.push({ time: t, mgdl: 100, utcOffsetMin: t < Date.UTC(2024, 2, 31, 1) ? 60 : 120 });
    }
    const days = glucoseStatsByLocalDay(readings);
    expect(days.map((d) => [d.day, d.stats.count, (d.to - d.from) / 3_600_000])).toEqual([
      ['2024-03-30', 720, 24],
      ['2024-03-31', 690, 23],
    ]);
    // 690 × 120 s = 82 800 s, all of the 23-hour day: eA1c shown on the short day too.
    expect(days[1]!.stats.sufficient).toBe(true);
    expect(days[1]!.stats.coveragePct).toBe(100);
    expect(days[1]!.stats.eA1c).toBeCloseTo((100 + 46.7) / 28.7, 12);
    // GMI needs a period of 14 days (CLINICAL.md "GMI"): never on one day.
    expect([days[1]!.stats.gmi, days[1]!.stats.gmiWithheld]).toEqual([null, 'too-few-days']);
  });

  it('passes the target range through', () => {
    const readings = [60, 100, 150, 200].map((mgdl, i) => ({
      time: Date.UTC(2024, 0, 1, 8) + i * 120_000,
      mgdl,
    }));
    const [day] = glucoseStatsByLocalDay(readings, { targetLow: 90, targetHigh: 160 });
    expect(day!.stats.inTarget).toBe(50);
  });
});
