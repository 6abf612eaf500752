import { describe, expect, it } from 'vitest';
import { isIsoDate, localTodayIso } from './dates';

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
