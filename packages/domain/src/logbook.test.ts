import { describe, expect, it } from 'vitest';
import { logbook } from './logbook';

// 2024-05-01 in UTC+2 (CEST): local hh:mm is UTC + 2 h.
const OFFSET = 120;
const at = (day: number, h: number, m = 0) => Date.UTC(2024, 4, day, h, m) - OFFSET * 60_000;

describe('logbook by local day and meal period (spec §9 meal periods)', () => {
  const rows = logbook({
    readings: [
      { time: at(1, 7), mgdl: 100, utcOffsetMin: OFFSET },
      { time: at(1, 7), mgdl: 999, utcOffsetMin: OFFSET }, // same instant: a duplicate, dropped
      { time: at(1, 8), mgdl: 160, utcOffsetMin: OFFSET },
      { time: at(1, 12), mgdl: 90, utcOffsetMin: OFFSET },
      { time: at(1, 23, 30), mgdl: 70, utcOffsetMin: OFFSET },
      { time: at(2, 1), mgdl: 80, utcOffsetMin: OFFSET },
    ],
    bg: [{ time: at(1, 7, 5), utcOffsetMin: OFFSET, mgdl: 105 }],
    boluses: [
      { time: at(1, 7, 10), utcOffsetMin: OFFSET, code: 'CAW', delivered: 5, details: { carb: 60 } },
      { time: at(1, 12, 30), utcOffsetMin: OFFSET, code: 'CB', delivered: 2, extendedDelivered: 1.5 },
    ],
    events: [
      { time: at(1, 23, 40), utcOffsetMin: OFFSET, type: 'CARB', value: 15 },
      { time: at(1, 18), utcOffsetMin: OFFSET, type: 'EXR', value: 30 },
    ],
  });

  it('one row per local date, each with the four periods', () => {
    expect(rows.map((r) => r.day)).toEqual(['2024-05-01', '2024-05-02']);
    expect(Object.keys(rows[0]!.periods)).toEqual(['breakfast', 'lunch', 'dinner', 'night']);
  });

  it('glucose per cell: count, mean, min, max (duplicates removed)', () => {
    const b = rows[0]!.periods.breakfast;
    expect([b.count, b.mean, b.min, b.max]).toEqual([2, 130, 100, 160]);
    expect(rows[0]!.periods.night.mean).toBe(70); // 23:30 is that date's night
    expect(rows[1]!.periods.night.mean).toBe(80); // 01:00 the next date's
    expect(rows[0]!.periods.dinner).toMatchObject({ count: 0, mean: null, min: null, max: null });
  });

  it('carbs from the wizard and CARB events, bolus units with the extended part', () => {
    const d = rows[0]!.periods;
    expect([d.breakfast.wizardCarbs, d.breakfast.carbs, d.breakfast.bolus, d.breakfast.bolusCount]).toEqual([
      60, 60, 5, 1,
    ]);
    expect([d.lunch.bolus, d.lunch.carbs]).toEqual([3.5, 0]);
    expect([d.night.eventCarbs, d.night.carbs]).toEqual([15, 15]);
    expect(d.dinner.events.map((e) => e.type)).toEqual(['EXR']);
    expect(d.breakfast.bg.map((b) => b.mgdl)).toEqual([105]);
  });

  it('keeps only the dates asked for', () => {
    expect(
      logbook({ readings: [{ time: at(2, 1), mgdl: 80, utcOffsetMin: OFFSET }] }, { toDay: '2024-05-01' }),
    ).toEqual([]);
  });
});
