import { describe, expect, it } from 'vitest';
import { isIsoDate, localDayBounds, localTodayIso } from './dates';

describe('dates', () => {
  it('writes the local date', () => {
    expect(localTodayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['26-01-01', false],
    ['', false],
  ])('%s → %s', (s, ok) => {
    expect(isIsoDate(s)).toBe(ok);
  });
});

describe('localDayBounds', () => {
  it('spans whole local days, the end day included', () => {
    const b = localDayBounds('2026-03-01', '2026-03-02');
    expect(b.from).toBe(new Date(2026, 2, 1).getTime());
    expect(b.to).toBe(new Date(2026, 2, 3).getTime());
  });

  it('leaves out an empty or malformed side', () => {
    expect(localDayBounds('', '2026-03-02')).toEqual({ to: new Date(2026, 2, 3).getTime() });
    expect(localDayBounds('2026-3-1', '')).toEqual({});
  });

  it('ends a day the clocks go back at the next midnight, 25 hours on', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      const b = localDayBounds('2026-10-25', '2026-10-25');
      expect(b.to! - b.from!).toBe(25 * 3600_000);
      expect(new Date(b.to!).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    } finally {
      process.env.TZ = zone;
    }
  });
});
