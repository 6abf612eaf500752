import { describe, it, expect } from 'vitest';
import { addDays, dayOfWeek, dayRangeBounds, daysInclusive, isIsoDay } from './calendar';
import {
  checkDataOptionRanges,
  checkDateRange,
  findOverlap,
  presetEndDate,
  quickPrintRange,
  rangeEndingOn,
  REPORT_DURATIONS_DAYS,
} from './date-ranges';

describe('date range checks (spec §5 "Dates", §8 "Messages")', () => {
  it.each([
    ['2024-05-01', '2024-05-14', 14, undefined],
    ['2024-05-01', '2024-05-15', 14, 'messages.moreThan14Days'],
    ['2024-05-01', '2024-07-29', 90, undefined],
    ['2024-05-01', '2024-07-30', 90, 'messages.moreThan90Days'],
    ['2024-05-02', '2024-05-01', 90, 'messages.endBeforeStart'],
    ['2024-05-01', '2024-05-01', 14, undefined],
    ['2024-02-30', '2024-03-01', 14, 'messages.dateSelectionWrong'],
  ])('%s … %s within %d days → %s', (start, end, max, problem) => {
    const r = checkDateRange(start, end, max);
    expect(r.problem).toBe(problem);
    expect(r.ok).toBe(problem === undefined);
  });
});

describe('overlapping sessions and data-option ranges (spec §5, §8 code 34)', () => {
  it('lets ranges touch but not overlap', () => {
    expect(
      findOverlap([
        { start: 0, end: 10 },
        { start: 10, end: 20 },
      ]),
    ).toBeNull();
    expect(
      findOverlap([
        { start: 10, end: 20 },
        { start: 0, end: 11 },
      ]),
    ).toEqual([1, 0]);
  });

  it('finds an overlap hidden behind a long range', () => {
    expect(
      findOverlap([
        { start: 0, end: 100 },
        { start: 10, end: 20 },
        { start: 50, end: 60 },
      ]),
    ).toEqual([0, 1]);
    expect(
      findOverlap([
        { start: 0, end: 5 },
        { start: 6, end: 100 },
        { start: 50, end: 60 },
      ]),
    ).toEqual([1, 2]);
  });

  it('checks cgms and pump lists separately', () => {
    const cgms = [{ start: 0, end: 10 }];
    const pump = [{ start: 5, end: 15 }];
    expect(checkDataOptionRanges({ cgms, pump })).toEqual({ ok: true });
    expect(checkDataOptionRanges({ pump: [...pump, { start: 14, end: 20 }] }).problem).toBe(
      'messages.timeOverlapped',
    );
    expect(checkDataOptionRanges({ cgms: [{ start: 5, end: 5 }] }).problem).toBe('messages.endBeforeStart');
  });
});

describe('quick print and report durations (spec §9 "Durations")', () => {
  // 2024-05-15 is a Wednesday.
  it.each([
    ['yesterday', '2024-05-15', '2024-05-14'],
    ['lastSunday', '2024-05-15', '2024-05-12'],
    ['lastSaturday', '2024-05-15', '2024-05-11'],
    ['lastSunday', '2024-05-12', '2024-05-05'], // on a Sunday: the Sunday before
    ['lastSaturday', '2024-05-12', '2024-05-11'],
    ['lastSaturday', '2024-05-11', '2024-05-04'],
    ['lastDayOfLastMonth', '2024-05-15', '2024-04-30'],
    ['lastDayOfLastMonth', '2024-03-01', '2024-02-29'],
    ['lastDayOfLastMonth', '2024-01-10', '2023-12-31'],
    ['lastDayOfLastQuarter', '2024-05-15', '2024-03-31'],
    ['lastDayOfLastQuarter', '2024-02-15', '2023-12-31'],
    ['lastDayOfLastQuarter', '2024-10-01', '2024-09-30'],
  ] as const)('%s on %s → %s', (preset, today, end) => expect(presetEndDate(preset, today)).toBe(end));

  it('counts week, month and quarter as 7, 30 and 90 days ending on the preset', () => {
    expect(quickPrintRange('week', 'lastSaturday', '2024-05-15')).toEqual({
      startDay: '2024-05-05',
      endDay: '2024-05-11',
    });
    expect(quickPrintRange('quarter', 'yesterday', '2024-05-15')).toEqual({
      startDay: '2024-02-15',
      endDay: '2024-05-14',
    });
    expect(REPORT_DURATIONS_DAYS).toEqual([7, 14, 30, 90]);
    expect(rangeEndingOn('2024-05-14', 14)).toEqual({ startDay: '2024-05-01', endDay: '2024-05-14' });
  });
});

describe('calendar helpers', () => {
  it('does day arithmetic on ISO dates', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(dayOfWeek('2024-05-12')).toBe(0);
    expect(daysInclusive('2024-05-01', '2024-05-14')).toBe(14);
    expect(isIsoDay('2023-02-29')).toBe(false);
  });

  it('bounds local days in UTC, with the offsets at each end (Berlin, spring change)', () => {
    expect(dayRangeBounds('2024-03-31', '2024-03-31', 60, 120)).toEqual({
      from: Date.UTC(2024, 2, 30, 23),
      to: Date.UTC(2024, 2, 31, 22),
    });
  });
});
